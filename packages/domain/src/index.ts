export * from './api.ts';
export * from './identity.ts';
export * from './messages.ts';
export * from './permissions.ts';
