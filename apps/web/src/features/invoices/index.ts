// The invoices feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { INVOICE_KEY, openFile, useDeleteReceipt } from './api/invoices.ts';
