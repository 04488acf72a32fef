export * from './requests';
export * from './resources';
