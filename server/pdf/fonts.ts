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

let glyphsCached: Promise<void> | null = null;

/**
 * Loads the fonts and puts every character's glyph into fontkit's glyph cache, once per process; renderPdf awaits it.
 * Why: the font objects are shared by all documents of the process, and fontkit caches a glyph with the characters
 * it was first asked for. Embedding a subset asks for the parts of composite glyphs with none (DejaVu builds
 * Cyrillic е, о, р, а from the Latin letters), so after one Russian document the later documents' Latin e, o, p, a
 * carried no characters: they looked right, but the text layer (copy, search, screen readers) read them as control
 * characters. Cached here first, every glyph keeps its character. fontkit issue #154, still open in 2.0.4.
 */
export function pdfFontsReady(): Promise<void> {
  glyphsCached ??= Promise.all(
    Font.getRegisteredFonts()[PDF_FONT]!.sources.map(async (source) => {
      await source.load();
      const font = source.data!;
      for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
    }),
  ).then(() => undefined);
  return glyphsCached;
}
