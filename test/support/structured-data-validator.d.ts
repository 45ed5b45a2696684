/** Minimal typings of the structured-data validator and extractor (the packages ship none). */
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrg: unknown);
    validate(extracted: unknown): Promise<unknown[]>;
  }
}

declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): unknown;
  }
}
