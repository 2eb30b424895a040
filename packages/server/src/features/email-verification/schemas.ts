/** Input shapes shared by the email flows: they live in the contract (packages/contract/src/endpoints/common.ts). */
export { callbackField, emailField } from '@latch/contract';
