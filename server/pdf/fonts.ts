import path from 'node:path';
import { Font } from '@react-pdf/renderer';

// Fonts live in the repository: rendering never touches the network. Imported by every document.
const fonts = path.join(process.cwd(), 'server', 'pdf', 'fonts');
Font.register({
  family: 'DejaVu Sans',
  fonts: [
    { src: path.join(fonts, 'DejaVuSans.ttf') },
    { src: path.join(fonts, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
  ],
});
Font.registerHyphenationCallback((word) => [word]);

export const PDF_FONT = 'DejaVu Sans';
