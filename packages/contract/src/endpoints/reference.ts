/** The API reference: the OpenAPI document and the page that renders it (docs/api-reference.md). */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'Reference';

export const openApiJson = endpoint({
  method: 'GET',
  path: '/openapi.json',
  tag,
  summary: "This instance's OpenAPI 3.1 document: the endpoints it serves with its configuration",
  response: z
    .looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    })
    .meta({ id: 'OpenApiDocument' }),
  errors: [],
  session: 'none',
});

export const apiReference = endpoint({
  method: 'GET',
  path: '/reference',
  tag,
  summary: 'The API reference page: this document rendered in the browser (Scalar, served by Latch itself)',
  response: z.string().describe('an HTML page (text/html)'),
  answers: 'html',
  errors: [],
  session: 'none',
});

export const referenceEndpoints = [openApiJson, apiReference] as const;
