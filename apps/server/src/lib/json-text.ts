/**
 * A JSON answer already written as text: a large answer assembled from JSON the database stores (an
 * annotation viewport), sent without parsing and serializing it again. Only routes that declare
 * isResponseUnchecked may answer one (http/route.ts); the text must be JSON of the contract's shape.
 */
export class JsonText {
  constructor(readonly text: string) {}
}
