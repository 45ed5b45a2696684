/**
 * Test support: the structured data of an HTML document as search engines read it, validated
 * with a real validator: `@marbec/web-auto-extractor` extracts it, `@adobe/structured-data-validator`
 * checks it against the schema.org vocabulary (release 30, vendored in test/fixtures/schema-org)
 * and Google's rich result rules, to which we add Google's ProductGroup rules (product variants),
 * which the validator has none of (test/support/product-group-rules.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import ProductGroupRules from './product-group-rules';

/** One finding of the validator. */
export interface StructuredDataIssue {
  issueMessage: string;
  severity: 'ERROR' | 'WARNING';
  fieldNames?: string[];
}

let validator: Validator | null = null;

/** The JSON-LD nodes of a document and the validator's findings (errors and warnings). */
export async function validateStructuredData(
  html: string,
): Promise<{ jsonld: Record<string, unknown[]>; issues: StructuredDataIssue[] }> {
  validator ??= new Validator(
    JSON.parse(
      fs.readFileSync(
        path.join(import.meta.dirname, '..', 'fixtures', 'schema-org', 'schemaorg-all-https.jsonld'),
        'utf8',
      ),
    ),
  );
  validator.registeredHandlers.ProductGroup = [() => Promise.resolve({ default: ProductGroupRules })];
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  const issues = (await validator.validate(extracted)) as StructuredDataIssue[];
  return { jsonld: (extracted as { jsonld: Record<string, unknown[]> }).jsonld, issues };
}
