// npm run api:types: writes the typed client's types (packages/domain/src/api-contract.ts) from the app's OpenAPI
// document, built on an in-memory database without starting a server. Run it after changing a route or a
// schema: the API tests fail while the committed file is stale.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { API_TYPES_FILE, renderApiTypes } from '../apps/server/src/scripts/api-types.ts';
import { buildOpenApiDocument } from '../apps/server/src/scripts/openapi-document.ts';

const document = await buildOpenApiDocument();
writeFileSync(API_TYPES_FILE, await renderApiTypes(document));
console.log(`Wrote ${relative(process.cwd(), API_TYPES_FILE)}`);
