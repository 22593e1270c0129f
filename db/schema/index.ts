export * from './enums';
export * from './tenancy';
export * from './property';
export * from './meters';
export * from './events';
export * from './jobs';
export * from './mail';
export * from './auth';
