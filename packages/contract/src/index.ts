export * from './endpoint.ts';
export * from './endpoints/index.ts';
export * from './entities.ts';
export * from './errors.ts';
export * from './language.ts';
export * from './openapi.ts';
export * from './password-policy.ts';
export * from './providers.ts';
