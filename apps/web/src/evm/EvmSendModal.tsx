// The EVM send moved to families/evm/send; this re-export keeps the EVM account page's import working until
// it takes the family registry's Send.
export { EvmSendModal, type SendAsset } from '../families/evm/send/EvmSendModal';
