export * from './constants';
export * from './money';
export * from './requests';
export * from './resources';
