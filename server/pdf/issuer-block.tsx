import { Image, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';

/** The issuer as documents print it: the logo (a PNG data URL, or none), the legal name, then its codes, address and contacts. */
export type Issuer = { name: string; lines: string[]; logo: string | null };

/** The letterhead of every document: the logo, then `title` (the document's heading, if it goes there), the name and lines. */
export function IssuerBlock({ issuer, title, boldName = false }: { issuer: Issuer; title?: ReactNode; boldName?: boolean }) {
  return (
    <View>
      {/* A logo is fitted into 150×60 pt, keeping its shape. */}
      {/* eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image has no alt */}
      {issuer.logo ? <Image src={issuer.logo} style={{ maxWidth: 150, maxHeight: 60, objectFit: 'contain', marginBottom: 8 }} /> : null}
      {title}
      <Text style={boldName ? { fontWeight: 'bold' } : {}}>{issuer.name}</Text>
      {issuer.lines.map((line) => (
        <Text key={line} style={{ color: '#555' }}>
          {line}
        </Text>
      ))}
    </View>
  );
}
