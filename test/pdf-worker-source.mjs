// The PDF worker from source, for tests: tsx's loader registered in the thread (npm start runs the built .mjs).
import { register } from 'tsx/esm/api';

register();
const { default: render } = await import('../server/pdf/pdf-worker.ts');
export default render;
