import { api } from '@touchline/contract';
import { openApiDocument } from '@touchline/contract/openapi';
import { ContractRouter } from '../http/contract-router';

/** GET /api/openapi.json: the contract as an OpenAPI 3.1 document, open to anyone (no session). */
export function openApiRoutes() {
  let document: { openapi: string } | undefined;
  return new ContractRouter().add(api.meta.openApi, async () => ({
    status: 200,
    body: (document ??= { ...openApiDocument() }),
  })).router;
}
