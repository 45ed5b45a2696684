/**
 * Digital files of the seed catalogue: one small, valid PDF per digital product (planner, meal
 * plan, growth programme), uploaded to the private files bucket at
 * digital_assets/{timestamp}-{name}.pdf, recorded as a digital asset and linked from the product
 * (digital_asset_id), so a paid order can offer its download link.
 */
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getProduct, putProduct } from '../../../functions/data/catalog-repository';
import { putAsset } from '../../../functions/data/digital-asset-repository';
import { SEED, stableId } from './catalog-data';

/** A one-page PDF with a title and a few lines (Helvetica, WinAnsi: accents are transliterated). */
export function simplePdf(title: string, lines: string[]): Buffer {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '-')
      .replace(/([()\\])/g, '\\$1');
  const text = [
    `BT /F1 22 Tf 56 760 Td (${ascii(title)}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 12 Tf 56 ${720 - i * 20} Td (${ascii(l)}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Uploads a PDF per digital seed product and links it. @returns the number of assets */
export async function seedDigitalAssets(opts: { s3: S3Client; filesBucket: string }): Promise<number> {
  const digital = SEED.products.filter((p) => p.is_digital);
  for (const seed of digital) {
    const product = await getProduct(seed.id);
    if (!product) continue;
    const slug = seed.name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const created = product.created_at;
    const key = `digital_assets/${Date.parse(created)}-${slug}.pdf`;
    const body = simplePdf(seed.name, ['Aurum Fitness', seed.description.slice(0, 90), 'Grazie per il tuo acquisto.']);
    await opts.s3.send(
      new PutObjectCommand({ Bucket: opts.filesBucket, Key: key, ContentType: 'application/pdf', Body: body }),
    );
    const assetId = stableId(`asset-${slug}`);
    await putAsset({
      id: assetId,
      name: seed.name,
      file_path: key,
      file_type: 'application/pdf',
      size_bytes: body.length,
      created_at: created,
      linked_product_ids: new Set([product.id]),
    });
    await putProduct({ ...product, digital_asset_id: assetId });
  }
  return digital.length;
}
