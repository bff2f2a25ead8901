/* The company's money on a label: shared with the console's printed labels (contract/money.ts). */
export * from '../../../contract/money';
