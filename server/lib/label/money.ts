/* The company's money on a label: shared with the console's printed labels (src/api/money.ts). */
export * from '../../../src/api/money';
