/**
 * Test support: Google's rules for a schema.org ProductGroup (product variants), which the
 * structured-data validator (`@adobe/structured-data-validator`) has no handler for. Registered on
 * the validator for the type `ProductGroup` (test/support/structured-data.ts); each nested variant
 * `Product` is checked by the validator's own Product, Offer and PriceSpecification rules as well.
 * Each rule cites the sentence of Google's 'Product variant structured data (ProductGroup,
 * Product)' page (developers.google.com/search/docs/appearance/structured-data/product-variants)
 * it enforces. Severities: ERROR for what the page says is required or must be, WARNING for what
 * it recommends or lists as supported.
 */

/** One finding, in the validator's own shape. */
export interface RuleIssue {
  issueMessage: string;
  severity: 'ERROR' | 'WARNING';
  path: unknown;
  fieldNames: string[];
}

type Node = Record<string, unknown>;

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const isType = (v: unknown, type: string) =>
  typeof v === 'object' && v !== null && list((v as Node)['@type']).includes(type);

/** `variesBy` values Google supports: "The following properties are supported: ...". */
export const GOOGLE_VARIES_BY = [
  'https://schema.org/color',
  'https://schema.org/size',
  'https://schema.org/suggestedAge',
  'https://schema.org/suggestedGender',
  'https://schema.org/material',
  'https://schema.org/pattern',
] as const;

/** The validator's handler for `ProductGroup` (constructed per node with its path; validate returns the findings). */
export default class ProductGroupRules {
  private readonly path: unknown;

  constructor({ path }: { path: unknown }) {
    this.path = path;
  }

  private issue(severity: RuleIssue['severity'], fieldNames: string[], issueMessage: string): RuleIssue {
    return { issueMessage, severity, path: this.path, fieldNames };
  }

  validate(group: Node): RuleIssue[] {
    const issues: RuleIssue[] = [];
    const variants = list(group.hasVariant).filter((v): v is Node => typeof v === 'object' && v !== null);

    // "Required properties: name ... The name of the ProductGroup (for example, "Wool winter coat")."
    if (!text(group.name)) issues.push(this.issue('ERROR', ['name'], 'Required attribute "name" is missing'));

    // "This identifier must be provided for the ProductGroup property or, alternatively, using
    // inProductGroupWithID property for variants of the ProductGroup property."
    const groupId = text(group.productGroupID);
    if (!groupId && !(variants.length > 0 && variants.every((v) => text(v.inProductGroupWithID))))
      issues.push(
        this.issue(
          'ERROR',
          ['productGroupID'],
          'Required attribute "productGroupID" is missing (or "inProductGroupWithID" on every variant)',
        ),
      );
    // "If you provide the identifier for both the ProductGroup property and its variant Product
    // properties, they must match."
    if (groupId && variants.some((v) => text(v.inProductGroupWithID) && text(v.inProductGroupWithID) !== groupId))
      issues.push(
        this.issue(
          'ERROR',
          ['hasVariant.inProductGroupWithID'],
          '"inProductGroupWithID" does not match "productGroupID"',
        ),
      );

    // "hasVariant: Product. A nested Product property that is one of the variants of the ProductGroup."
    if (variants.some((v) => !isType(v, 'Product')))
      issues.push(
        this.issue('ERROR', ['hasVariant'], 'Invalid type for attribute "hasVariant": a Product is expected'),
      );
    // "Each variant must have a unique ID in its corresponding structured data markup (for example,
    // using the sku or gtin properties)."
    const ids = variants.map((v) => text(v.sku) ?? text(v.gtin) ?? text(v.gtin13) ?? text(v.gtin14) ?? null);
    if (ids.some((id) => id === null))
      issues.push(this.issue('ERROR', ['hasVariant.sku'], 'A variant has no unique ID ("sku" or "gtin")'));
    const given = ids.filter((id): id is string => id !== null);
    if (new Set(given).size !== given.length)
      issues.push(this.issue('ERROR', ['hasVariant.sku'], 'Two variants have the same ID ("sku" or "gtin")'));
    // "Make sure that the name of the variants in each Product item is more specific (for example,
    // "Wool winter coat - green, size small", based on the variant-identifying properties."
    const groupName = text(group.name);
    if (groupName && variants.length > 1 && variants.some((v) => text(v.name) === groupName))
      issues.push(this.issue('WARNING', ['hasVariant.name'], 'A variant has the same name as its ProductGroup'));

    // "Reference these variant-identifying properties through their full Schema.org URL (for
    // example, https://schema.org/color). The following properties are supported: ..."
    for (const value of list(group.variesBy)) {
      const url = text(value);
      if (!url || !/^https?:\/\/schema\.org\/\w+$/.test(url))
        issues.push(
          this.issue('ERROR', ['variesBy'], `"variesBy" value is not a full Schema.org URL: ${String(value)}`),
        );
      else {
        if (!(GOOGLE_VARIES_BY as readonly string[]).includes(url.replace(/^http:/, 'https:')))
          issues.push(this.issue('WARNING', ['variesBy'], `"variesBy" value not supported by Google: ${url}`));
        // The variant-identifying property variesBy names is what tells the variants apart.
        const property = url.slice(url.lastIndexOf('/') + 1);
        if (variants.some((v) => v[property] === undefined || v[property] === null || v[property] === ''))
          issues.push(
            this.issue(
              'ERROR',
              [`hasVariant.${property}`],
              `A variant has no "${property}" though "variesBy" names it`,
            ),
          );
      }
    }

    // "For single-page websites only: The URL (without variant selectors) where the ProductGroup
    // property is located, if applicable."
    const url = text(group.url);
    if (url && /[?#]/.test(url))
      issues.push(this.issue('ERROR', ['url'], 'The ProductGroup\'s "url" must be the page without variant selectors'));

    // Recommended properties: aggregateRating, brand, description, hasVariant, productGroupID, review, url, variesBy.
    for (const field of ['brand', 'description', 'hasVariant', 'variesBy'] as const)
      if (group[field] === undefined || (field === 'hasVariant' && variants.length === 0))
        issues.push(this.issue('WARNING', [field], `Missing field "${field}" (optional)`));
    return issues;
  }
}
