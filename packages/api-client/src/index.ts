/**
 * @botica/api-client: every endpoint of Botica's /api/v1 contract. The wire schemas are on the
 * `@botica/api-client/schemas` entry.
 * @packageDocumentation
 */
export { ErrorBodySchema } from './schemas/index.ts';
