export * from './common';
export * from './user';
export * from './auth';
export * from './course';
export * from './batch';
export * from './enrollment';
export * from './service';
export * from './bulk';
