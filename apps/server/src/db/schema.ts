// Every module's tables in one place: drizzle-kit reads this file, and the Db type carries it.
export * from '../modules/users/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/sms/tables.ts';
export * from '../modules/otp/tables.ts';
export * from '../modules/attachments/tables.ts';
export * from '../modules/dictionaries/tables.ts';
export * from '../modules/accounts/tables.ts';
export * from '../modules/identity/tables.ts';
export * from '../modules/signatures/tables.ts';
export * from '../modules/profile/tables.ts';
export * from '../modules/projects/tables.ts';
export * from '../modules/workflow/tables.ts';
export * from '../modules/plans/tables.ts';
export * from '../modules/rate-limits/tables.ts';
export * from '../modules/notifications/tables.ts';
export * from '../modules/investors/tables.ts';
