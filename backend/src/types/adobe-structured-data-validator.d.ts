/** The part of @adobe/structured-data-validator (plain JavaScript, no types) the structured-data test uses. */
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames?: string[];
    rootType?: string;
  }
  /** Without a schema.org vocabulary it checks Google's rich-result rules only, offline. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    /** Data as @marbec/web-auto-extractor gives it: `{ jsonld: { [type]: items[] } }`. */
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<ValidationIssue[]>;
  }
}
