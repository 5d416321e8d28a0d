/**
 * Error catalogue (spec 01 §5, §8; spec 02 §8) and its messages in en, zh-TW and pt.
 *
 * Coded entries ('err-02', 'state-010', 'warm-002' ...) use their code as i18next key;
 * uncoded texts use a camelCase key. Interpolation uses i18next's {{var}} syntax.
 */

export const SUPPORTED_LANGUAGES = ['en', 'zh-TW', 'pt'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** i18next namespace the web app is expected to load {@link errorMessages} into. */
export const ERROR_NAMESPACE = 'errors';

/** Catalogue entry: `code` is the i18next key; `key` is a readable identifier. */
export interface CatalogueEntry<C extends string = string, K extends string = string> {
  readonly code: C;
  readonly key: K;
}

function entry<C extends string, K extends string>(code: C, key: K): CatalogueEntry<C, K> {
  return { code, key };
}

/** Coded errors, states and warnings. */
export const ERRORS = {
  amountTooMuch: entry('err-02', 'amountTooMuch'),
  deviceDisconnected: entry('err-06', 'deviceDisconnected'),
  broadcastFailed: entry('err-08', 'broadcastFailed'),
  accountSaveFailed: entry('err-09', 'accountSaveFailed'),
  receiveAddressNotConfirmed: entry('err-10', 'receiveAddressNotConfirmed'),
  accountNotEmpty: entry('err-11', 'accountNotEmpty'),
  historyLength: entry('err-17', 'historyLength'),
  feeNotInteger: entry('err-22', 'feeNotInteger'),
  iosUnsupported: entry('err-24', 'iosUnsupported'),
  accountNameDuplicate: entry('err-25', 'accountNameDuplicate'),
  amountNegative: entry('err-26', 'amountNegative'),
  feeNegative: entry('err-27', 'feeNegative'),
  feeTooHigh: entry('err-28', 'feeTooHigh'),
  accountNameInvalid: entry('err-29', 'accountNameInvalid'),
  minimumBalance: entry('err-30', 'minimumBalance'),
  tokenAmountTooMuch: entry('err-31', 'tokenAmountTooMuch'),
  amountDust: entry('err-32', 'amountDust'),
  amountFormat: entry('err-34', 'amountFormat'),
  tokenFeeExceedsCoinBalance: entry('err-36', 'tokenFeeExceedsCoinBalance'),
  accountNameTooLong: entry('err-38', 'accountNameTooLong'),
  accountCreationInsufficient: entry('err-39', 'accountCreationInsufficient'),
  refreshFailed: entry('err-40', 'refreshFailed'),
  receiveWarning: entry('state-004', 'receiveWarning'),
  broadcastSuccess: entry('state-010', 'broadcastSuccess'),
  firmwareUpdateSuccess: entry('state-011', 'firmwareUpdateSuccess'),
  noAccounts: entry('state-016', 'noAccounts'),
  noHistory: entry('state-22', 'noHistory'),
  historyUnavailable: entry('state-23', 'historyUnavailable'),
  noNfts: entry('info-06', 'noNfts'),
  previousAccountEmpty: entry('warm-002', 'previousAccountEmpty'),
} as const;

export type ErrorKey = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorKey]['code'];

/** Uncoded message keys (texts the spec quotes or describes). */
export const MESSAGE_KEYS = [
  'deviceConnectionCheck',
  'broadcastConflict',
  'broadcastFailedRetry',
  'btcFeeTooHigh',
  'minRelayFeeNotMet',
  'evmFeeHigherThanBalance',
  'insufficientBalance',
  'insufficientBalanceDust',
  'insufficientBalanceCpfp',
  'noMoreUtxoForRbf',
  'amountOrRecipientMissing',
  'recipientMissing',
  'invalidAddress',
  'addressNotSupported',
  'invalidTagOrMemo',
  'invalidAmount',
  'invalidTokenContract',
  'tokenNameEmpty',
  'tokenNotFound',
  'tokenBalanceFetchFailed',
  'duplicateContract',
  'inputEmpty',
  'customFeeAboveEstimate',
  'featureRequiresFirmware',
  'feeAlertHigherFee',
  'feeAlertMaxFee',
  'signatureError',
  'taprootRequiresSe',
  'nativeSegwitRequiresMcu',
  'evmRequiresMcu',
  'coinRequiresLatestFirmware',
  'seNotSupported',
  'firmwareUpdateRequired',
  'pleaseTryAgain',
  'bootloaderError',
  'httpError',
  'serverBusy',
  'serverBusyXrp',
  'networkBusy',
  'noAvailableRpc',
  'noValidRpcs',
  'noValidApiProvider',
  'cannotFetchTransactionData',
  'buyNotConfigured',
  'chainInfoUnavailable',
  'cannotBroadcast',
  'notUtxoBase',
  'invalidUtxoBase',
  'unexpectedRetry',
  'unexpectedPowerOff',
  'usbConnectionFailed',
  'walletNotInitialized',
  'restoreWithRecoveryWords',
  'transactionFailed',
  'wrongOtp',
  'cannotDeleteActiveAccount',
  'copied',
  'copyFailed',
  'currencyLoadFailed',
  'priceNotAvailable',
  'invalidTimestamp',
  'domainUnresolved',
  'handleUnresolved',
  'domainAddressUnavailable',
  'domainTldsUnavailable',
  'unsupportedDeviceContactSupport',
  'browserNotSupported',
  'chromeTooOld',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** Every key present in {@link errorMessages}. */
export type CatalogueMessageKey = ErrorCode | MessageKey;

type Messages = Readonly<Record<CatalogueMessageKey, string>>;

const en: Messages = {
  'err-02': 'Insufficient account balance.',
  'err-06': 'The device is disconnected. Please refresh the page and connect again.',
  'err-08': 'Transaction failed.',
  'err-09': 'Failed to save the account. Please try again.',
  'err-10': 'The receiving address confirmation was cancelled.',
  'err-11': 'This account cannot be deleted because it has transaction history or {{tokenType}} tokens.',
  'err-17': 'Failed to read the account history (history length error). Please try again.',
  'err-22': 'The network fee must be an integer.',
  'err-24': 'iPhone and iPad users, please install the mobile app.',
  'err-25': 'This account name already exists.',
  'err-26': 'The amount cannot be negative.',
  'err-27': 'The network fee must be a positive number.',
  'err-28': 'The network fee is too high.',
  'err-29': 'Invalid character. Use letters, digits, "_", "." and "-" with single spaces between words.',
  'err-30': 'A minimum balance of {{minimum}} {{coin}} is required.',
  'err-31': 'Insufficient token balance.',
  'err-32': 'The minimum amount is 0.00000546 {{coin}}.',
  'err-34': 'Invalid amount format.',
  'err-36': 'Insufficient {{coin}} balance to pay the network fee of the token transfer.',
  'err-38': 'The account name can have at most 15 characters.',
  'err-39': 'Insufficient {{coin}} balance to pay the network fee and the account creation fee.',
  'err-40': 'Failed to load the account data. Please try again.',
  'state-004': 'Only send {{coin}} to this address. Sending any other asset may result in permanent loss.',
  'state-010': 'Transaction sent successfully.',
  'state-011': 'Firmware updated successfully.',
  'state-016': 'No accounts yet.',
  'state-22': 'No transaction history.',
  'state-23': 'The transaction history cannot be loaded at the moment.',
  'info-06': 'No NFTs found.',
  'warm-002': 'You cannot add a new account while the previous account has no balance or transactions.',
  deviceConnectionCheck: "Please verify the status of a device's connection",
  broadcastConflict:
    'Alert! You may have an unconfirmed transaction on the Blockchain and cannot make a new transaction before it is completed. Please wait for a moment.',
  broadcastFailedRetry: 'broadcast failed, try again, contact support if it persists',
  btcFeeTooHigh: 'BTC Transaction fee is too high: {{fees}} Satoshi/byte. Please contact SecuX team',
  minRelayFeeNotMet:
    'The network fee is below the minimum the network relays ({{minimum}} sat/vB). Please raise it.',
  evmFeeHigherThanBalance:
    "The network fee is higher than account's balance. Please back to step one to modify the network fee.",
  insufficientBalance: 'Insufficient account balance',
  insufficientBalanceDust: 'Insufficient account balance (546)',
  insufficientBalanceCpfp: 'Insufficient account balance for CPFP',
  noMoreUtxoForRbf: 'No more utxo for RBF',
  amountOrRecipientMissing: "Please check amount or recipient's address is filled",
  recipientMissing: "Please check recipient's address is filled",
  invalidAddress: 'invalid address',
  addressNotSupported: 'This address format is not supported.',
  invalidTagOrMemo: 'invalid tag or memo',
  invalidAmount: 'Invalid amount.',
  invalidTokenContract: 'Invalid Token Contract Address',
  tokenNameEmpty: 'The token name is empty.',
  tokenNotFound: 'Token not found. Please add it manually.',
  tokenBalanceFetchFailed: 'Cannot fetch the token balance.',
  duplicateContract: 'This token contract has already been added.',
  inputEmpty: 'The input is empty.',
  customFeeAboveEstimate: 'The custom network fee is higher than the estimated fee. Do you want to continue?',
  featureRequiresFirmware:
    'This feature requires at least {{version}} firmware version, please update first.',
  feeAlertHigherFee:
    'The network fee for this transaction is higher than {{symbol}}{{limit}} ({{currency}}).',
  feeAlertMaxFee:
    "This transaction can't proceed due to unusually high gas fee. Please contact the provider.",
  signatureError: 'Signature error from Device',
  taprootRequiresSe: 'Taproot requires SE firmware {{version}} or higher.',
  nativeSegwitRequiresMcu: 'Native SegWit requires the latest MCU firmware.',
  evmRequiresMcu: 'EVM chains require MCU firmware v{{version}} or higher.',
  coinRequiresLatestFirmware: 'This coin requires the latest MCU and SE firmware.',
  seNotSupported: 'Your SE firmware version is not supported. Please update the SE firmware.',
  firmwareUpdateRequired: 'A device firmware update is required.',
  pleaseTryAgain: 'Please try again.',
  bootloaderError: 'Error occurs when entering Bootloader mode',
  httpError: 'HTTP error! status: {{status}}',
  serverBusy: 'The server is busy. Please try again later.',
  serverBusyXrp: 'The server is busy. Please wait 20 seconds and check the transaction history.',
  networkBusy: 'The network is busy or the service is interrupted. Please try again later.',
  noAvailableRpc: 'there is no available rpc.',
  noValidRpcs: 'No valid RPCs',
  noValidApiProvider: 'No valid API provider',
  cannotFetchTransactionData: 'Can not fetch transaction data',
  buyNotConfigured: 'Buying is not available on this server.',
  chainInfoUnavailable: 'The account information of this chain cannot be displayed temporarily.',
  cannotBroadcast: 'Can not broadcast at the moment',
  notUtxoBase: 'Not Utxo base',
  invalidUtxoBase: 'Invalid Utxo base',
  unexpectedRetry: 'unexpected error, please retry again',
  unexpectedPowerOff: 'Unexpected error. Please press the power button to log out and reconnect.',
  usbConnectionFailed: 'USB connection failed.',
  walletNotInitialized: 'Please initialize the wallet on your device first.',
  restoreWithRecoveryWords: 'To use a wallet you already have, restore the device with its recovery words.',
  transactionFailed: 'Transaction failed.',
  wrongOtp: 'Wrong OTP.',
  cannotDeleteActiveAccount: 'Can not delete an active account',
  copied: 'Copied!',
  copyFailed: 'Failed',
  currencyLoadFailed: 'Failed to load the currency rates.',
  priceNotAvailable: 'Price N/A',
  invalidTimestamp: 'Invalid Timestamp',
  domainUnresolved: 'can not resolve domain from {{address}}',
  handleUnresolved: 'Can not resolve domain on {{coin}}',
  domainAddressUnavailable: 'Can not get address',
  domainTldsUnavailable: 'Can not get supported tlds',
  unsupportedDeviceContactSupport:
    'This device is not supported for {{coin}}. Please email support with your contact information, proof of purchase, device model and SE firmware version.',
  browserNotSupported: 'your browser is not supported, please use chrome based browser with 70up version',
  chromeTooOld: 'your chrome is too old to be supported, please update it up to date',
};

const zhTW: Messages = {
  'err-02': '帳戶餘額不足。',
  'err-06': '裝置已中斷連線，請重新整理頁面並再次連線。',
  'err-08': '交易失敗。',
  'err-09': '帳戶儲存失敗，請再試一次。',
  'err-10': '已取消確認收款地址。',
  'err-11': '此帳戶有交易紀錄或 {{tokenType}} 代幣，無法刪除。',
  'err-17': '讀取帳戶歷史紀錄失敗（history length error），請再試一次。',
  'err-22': '網路手續費必須為整數。',
  'err-24': 'iPhone 與 iPad 使用者請安裝行動應用程式。',
  'err-25': '此帳戶名稱已存在。',
  'err-26': '金額不可為負數。',
  'err-27': '網路手續費必須為正數。',
  'err-28': '網路手續費過高。',
  'err-29': '包含無效字元。請使用英文字母、數字、「_」、「.」與「-」，字詞之間僅可有一個空格。',
  'err-30': '帳戶需保留最低餘額 {{minimum}} {{coin}}。',
  'err-31': '代幣餘額不足。',
  'err-32': '最低金額為 0.00000546 {{coin}}。',
  'err-34': '金額格式無效。',
  'err-36': '{{coin}} 餘額不足以支付代幣轉帳的網路手續費。',
  'err-38': '帳戶名稱最多 15 個字元。',
  'err-39': '{{coin}} 餘額不足以支付網路手續費與帳戶建立費用。',
  'err-40': '讀取帳戶資料失敗，請再試一次。',
  'state-004': '請僅傳送 {{coin}} 至此地址，傳送其他資產可能造成永久損失。',
  'state-010': '交易已成功送出。',
  'state-011': '韌體更新成功。',
  'state-016': '尚無帳戶。',
  'state-22': '沒有交易紀錄。',
  'state-23': '目前無法載入交易紀錄。',
  'info-06': '沒有找到 NFT。',
  'warm-002': '前一個帳戶尚無餘額或交易紀錄時，無法新增帳戶。',
  deviceConnectionCheck: '請確認裝置的連線狀態',
  broadcastConflict: '注意！區塊鏈上可能有尚未確認的交易，在完成之前無法進行新的交易，請稍候。',
  broadcastFailedRetry: '廣播失敗，請再試一次，若問題持續請聯繫客服',
  btcFeeTooHigh: 'BTC 交易手續費過高：{{fees}} Satoshi/byte，請聯繫 SecuX 團隊',
  minRelayFeeNotMet: '網路手續費低於網路轉發的最低費率（{{minimum}} sat/vB），請提高手續費。',
  evmFeeHigherThanBalance: '網路手續費高於帳戶餘額，請回到第一步修改網路手續費。',
  insufficientBalance: '帳戶餘額不足',
  insufficientBalanceDust: '帳戶餘額不足 (546)',
  insufficientBalanceCpfp: '帳戶餘額不足以進行 CPFP',
  noMoreUtxoForRbf: '沒有可用於 RBF 的 UTXO',
  amountOrRecipientMissing: '請確認已填寫金額與收款地址',
  recipientMissing: '請確認已填寫收款地址',
  invalidAddress: '無效的地址',
  addressNotSupported: '不支援此地址格式。',
  invalidTagOrMemo: '無效的標籤或備註',
  invalidAmount: '無效的金額。',
  invalidTokenContract: '無效的代幣合約地址',
  tokenNameEmpty: '代幣名稱為空。',
  tokenNotFound: '找不到代幣，請手動新增。',
  tokenBalanceFetchFailed: '無法取得代幣餘額。',
  duplicateContract: '此代幣合約已新增過。',
  inputEmpty: '輸入內容為空。',
  customFeeAboveEstimate: '自訂網路手續費高於預估手續費，是否繼續？',
  featureRequiresFirmware: '此功能需要 {{version}} 以上的韌體版本，請先更新。',
  feeAlertHigherFee: '此筆交易的網路手續費高於 {{symbol}}{{limit}} ({{currency}})。',
  feeAlertMaxFee: '由於 Gas 手續費異常偏高，此筆交易無法進行，請聯繫供應商。',
  signatureError: '裝置簽署錯誤',
  taprootRequiresSe: 'Taproot 需要 SE 韌體 {{version}} 或更高版本。',
  nativeSegwitRequiresMcu: 'Native SegWit 需要最新的 MCU 韌體。',
  evmRequiresMcu: 'EVM 鏈需要 MCU 韌體 v{{version}} 或更高版本。',
  coinRequiresLatestFirmware: '此幣種需要最新的 MCU 與 SE 韌體。',
  seNotSupported: '不支援您的 SE 韌體版本，請更新 SE 韌體。',
  firmwareUpdateRequired: '需要更新裝置韌體。',
  pleaseTryAgain: '請再試一次。',
  bootloaderError: '進入 Bootloader 模式時發生錯誤',
  httpError: 'HTTP 錯誤！狀態：{{status}}',
  serverBusy: '伺服器忙碌中，請稍後再試。',
  serverBusyXrp: '伺服器忙碌中，請等待 20 秒後查看交易紀錄。',
  networkBusy: '網路忙碌或服務中斷，請稍後再試。',
  noAvailableRpc: '沒有可用的 RPC。',
  noValidRpcs: '沒有有效的 RPC',
  noValidApiProvider: '沒有有效的 API 提供者',
  cannotFetchTransactionData: '無法取得交易資料',
  buyNotConfigured: '此伺服器未提供購買服務。',
  chainInfoUnavailable: '暫時無法顯示此鏈的帳戶資訊。',
  cannotBroadcast: '目前無法廣播交易',
  notUtxoBase: '非 UTXO 類型',
  invalidUtxoBase: '無效的 UTXO 類型',
  unexpectedRetry: '發生未預期的錯誤，請再試一次',
  unexpectedPowerOff: '發生未預期的錯誤，請按下電源鍵登出後重新連線。',
  usbConnectionFailed: 'USB 連線失敗。',
  walletNotInitialized: '請先在裝置上初始化錢包。',
  restoreWithRecoveryWords: '若要使用您既有的錢包，請在裝置上以助記詞還原。',
  transactionFailed: '交易失敗。',
  wrongOtp: 'OTP 錯誤。',
  cannotDeleteActiveAccount: '無法刪除有餘額的帳戶',
  copied: '已複製！',
  copyFailed: '失敗',
  currencyLoadFailed: '匯率載入失敗。',
  priceNotAvailable: '無價格資訊',
  invalidTimestamp: '無效的時間戳記',
  domainUnresolved: '無法從 {{address}} 解析網域',
  handleUnresolved: '無法在 {{coin}} 上解析網域',
  domainAddressUnavailable: '無法取得地址',
  domainTldsUnavailable: '無法取得支援的頂級網域',
  unsupportedDeviceContactSupport:
    '此裝置不支援 {{coin}}，請寄信給客服並提供聯絡資訊、購買證明、裝置型號與 SE 韌體版本。',
  browserNotSupported: '不支援您的瀏覽器，請使用 70 以上版本的 Chrome 核心瀏覽器',
  chromeTooOld: '您的 Chrome 版本過舊，請更新至最新版本',
};

const pt: Messages = {
  'err-02': 'Saldo da conta insuficiente.',
  'err-06': 'O dispositivo foi desconectado. Atualize a página e conecte novamente.',
  'err-08': 'A transação falhou.',
  'err-09': 'Falha ao salvar a conta. Tente novamente.',
  'err-10': 'A confirmação do endereço de recebimento foi cancelada.',
  'err-11': 'Esta conta não pode ser excluída porque possui histórico de transações ou tokens {{tokenType}}.',
  'err-17': 'Falha ao ler o histórico da conta (history length error). Tente novamente.',
  'err-22': 'A taxa de rede deve ser um número inteiro.',
  'err-24': 'Usuários de iPhone e iPad, instalem o aplicativo móvel.',
  'err-25': 'Este nome de conta já existe.',
  'err-26': 'O valor não pode ser negativo.',
  'err-27': 'A taxa de rede deve ser um número positivo.',
  'err-28': 'A taxa de rede está muito alta.',
  'err-29': 'Caractere inválido. Use letras, números, "_", "." e "-" com apenas um espaço entre as palavras.',
  'err-30': 'É necessário um saldo mínimo de {{minimum}} {{coin}}.',
  'err-31': 'Saldo de token insuficiente.',
  'err-32': 'O valor mínimo é 0.00000546 {{coin}}.',
  'err-34': 'Formato de valor inválido.',
  'err-36': 'Saldo de {{coin}} insuficiente para pagar a taxa de rede da transferência do token.',
  'err-38': 'O nome da conta pode ter no máximo 15 caracteres.',
  'err-39': 'Saldo de {{coin}} insuficiente para pagar a taxa de rede e a taxa de criação de conta.',
  'err-40': 'Falha ao carregar os dados da conta. Tente novamente.',
  'state-004': 'Envie somente {{coin}} para este endereço. Enviar outro ativo pode causar perda permanente.',
  'state-010': 'Transação enviada com sucesso.',
  'state-011': 'Firmware atualizado com sucesso.',
  'state-016': 'Ainda não há contas.',
  'state-22': 'Nenhum histórico de transações.',
  'state-23': 'Não é possível carregar o histórico de transações no momento.',
  'info-06': 'Nenhum NFT encontrado.',
  'warm-002':
    'Não é possível adicionar uma nova conta enquanto a conta anterior não tiver saldo nem transações.',
  deviceConnectionCheck: 'Verifique o status da conexão do dispositivo',
  broadcastConflict:
    'Alerta! Você pode ter uma transação não confirmada na Blockchain e não pode fazer uma nova transação antes que ela seja concluída. Aguarde um momento.',
  broadcastFailedRetry: 'falha na transmissão, tente novamente e contate o suporte se persistir',
  btcFeeTooHigh:
    'A taxa da transação BTC é muito alta: {{fees}} Satoshi/byte. Entre em contato com a equipe SecuX',
  minRelayFeeNotMet:
    'A taxa de rede está abaixo do mínimo que a rede retransmite ({{minimum}} sat/vB). Aumente-a.',
  evmFeeHigherThanBalance:
    'A taxa de rede é maior que o saldo da conta. Volte ao primeiro passo para alterar a taxa de rede.',
  insufficientBalance: 'Saldo da conta insuficiente',
  insufficientBalanceDust: 'Saldo da conta insuficiente (546)',
  insufficientBalanceCpfp: 'Saldo da conta insuficiente para CPFP',
  noMoreUtxoForRbf: 'Não há mais UTXO para RBF',
  amountOrRecipientMissing: 'Verifique se o valor e o endereço do destinatário foram preenchidos',
  recipientMissing: 'Verifique se o endereço do destinatário foi preenchido',
  invalidAddress: 'endereço inválido',
  addressNotSupported: 'Este formato de endereço não é suportado.',
  invalidTagOrMemo: 'tag ou memo inválido',
  invalidAmount: 'Valor inválido.',
  invalidTokenContract: 'Endereço de contrato do token inválido',
  tokenNameEmpty: 'O nome do token está vazio.',
  tokenNotFound: 'Token não encontrado. Adicione-o manualmente.',
  tokenBalanceFetchFailed: 'Não foi possível obter o saldo do token.',
  duplicateContract: 'Este contrato de token já foi adicionado.',
  inputEmpty: 'O campo está vazio.',
  customFeeAboveEstimate: 'A taxa de rede personalizada é maior que a estimada. Deseja continuar?',
  featureRequiresFirmware:
    'Este recurso requer o firmware na versão {{version}} ou superior; atualize primeiro.',
  feeAlertHigherFee: 'A taxa de rede desta transação é maior que {{symbol}}{{limit}} ({{currency}}).',
  feeAlertMaxFee:
    'Esta transação não pode prosseguir devido a uma taxa de gás excepcionalmente alta. Entre em contato com o fornecedor.',
  signatureError: 'Erro de assinatura do dispositivo',
  taprootRequiresSe: 'Taproot requer o firmware SE {{version}} ou superior.',
  nativeSegwitRequiresMcu: 'Native SegWit requer o firmware MCU mais recente.',
  evmRequiresMcu: 'As redes EVM requerem o firmware MCU v{{version}} ou superior.',
  coinRequiresLatestFirmware: 'Esta moeda requer os firmwares MCU e SE mais recentes.',
  seNotSupported: 'A versão do seu firmware SE não é suportada. Atualize o firmware SE.',
  firmwareUpdateRequired: 'É necessário atualizar o firmware do dispositivo.',
  pleaseTryAgain: 'Tente novamente.',
  bootloaderError: 'Ocorreu um erro ao entrar no modo Bootloader',
  httpError: 'Erro HTTP! status: {{status}}',
  serverBusy: 'O servidor está ocupado. Tente novamente mais tarde.',
  serverBusyXrp: 'O servidor está ocupado. Aguarde 20 segundos e verifique o histórico de transações.',
  networkBusy: 'A rede está ocupada ou o serviço foi interrompido. Tente novamente mais tarde.',
  noAvailableRpc: 'não há RPC disponível.',
  noValidRpcs: 'Nenhum RPC válido',
  noValidApiProvider: 'Nenhum provedor de API válido',
  cannotFetchTransactionData: 'Não foi possível obter os dados da transação',
  buyNotConfigured: 'A compra não está disponível neste servidor.',
  chainInfoUnavailable: 'As informações da conta desta rede não podem ser exibidas temporariamente.',
  cannotBroadcast: 'Não é possível transmitir no momento',
  notUtxoBase: 'Não é baseado em UTXO',
  invalidUtxoBase: 'Base UTXO inválida',
  unexpectedRetry: 'erro inesperado, tente novamente',
  unexpectedPowerOff: 'Erro inesperado. Pressione o botão liga/desliga para sair e conecte novamente.',
  usbConnectionFailed: 'Falha na conexão USB.',
  walletNotInitialized: 'Inicialize primeiro a carteira no seu dispositivo.',
  restoreWithRecoveryWords:
    'Para usar uma carteira que você já tem, restaure o dispositivo com as palavras de recuperação.',
  transactionFailed: 'A transação falhou.',
  wrongOtp: 'OTP incorreto.',
  cannotDeleteActiveAccount: 'Não é possível excluir uma conta ativa',
  copied: 'Copiado!',
  copyFailed: 'Falhou',
  currencyLoadFailed: 'Falha ao carregar as taxas de câmbio.',
  priceNotAvailable: 'Preço N/D',
  invalidTimestamp: 'Data/hora inválida',
  domainUnresolved: 'não foi possível resolver o domínio de {{address}}',
  handleUnresolved: 'Não foi possível resolver o domínio em {{coin}}',
  domainAddressUnavailable: 'Não foi possível obter o endereço',
  domainTldsUnavailable: 'Não foi possível obter os domínios de topo suportados',
  unsupportedDeviceContactSupport:
    'Este dispositivo não é suportado para {{coin}}. Envie um e-mail ao suporte com seus dados de contato, comprovante de compra, modelo do dispositivo e versão do firmware SE.',
  browserNotSupported:
    'seu navegador não é suportado, use um navegador baseado no Chrome na versão 70 ou superior',
  chromeTooOld: 'seu Chrome é antigo demais para ser suportado, atualize-o para a versão mais recente',
};

/** Messages per language, to be merged into i18next resources (namespace {@link ERROR_NAMESPACE}). */
export const errorMessages: Record<Language, Record<string, string>> = {
  en,
  'zh-TW': zhTW,
  pt,
};

/** Fills {{var}} placeholders (for non-i18next consumers and tests). */
export function interpolate(
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Message text of a key in a language, falling back to English. */
export function translateError(
  key: CatalogueMessageKey,
  language: Language = 'en',
  values?: Readonly<Record<string, string | number>>,
): string {
  const text = errorMessages[language][key] ?? en[key];
  return interpolate(text, values);
}

// ---------------------------------------------------------------------------
// Broadcast and signing error mapping (§8)
// ---------------------------------------------------------------------------

/** XRP result that is shown as server busy and is not a failure. */
export const XRP_HELD_MESSAGE = 'Held until escalated fee drops.';
const CONFLICT_MARKERS = ['conflict', 'Missing'] as const;

export type BroadcastErrorKind = 'conflict' | 'serverBusy' | 'failed';

export interface MappedBroadcastError {
  kind: BroadcastErrorKind;
  /** i18next key of the text to show. */
  messageKey: CatalogueMessageKey;
  /** Send result stored on failure: err-08 (the generic broadcast failure). */
  resultCode?: ErrorCode;
  /** True when the send must be marked as broadcast-failed. */
  failed: boolean;
  /** Original message, kept for logs and details. */
  raw: string;
}

/** The most of a node's broadcast error the transaction log keeps (the server refuses a longer one). */
export const TXLOG_ERROR_MAX_CHARS = 4000;

/**
 * Maps a broadcast failure message: 'conflict'/'Missing' → unconfirmed-transaction alert;
 * XRP 'Held until escalated fee drops.' → server busy (not a failure); else err-08.
 */
export function mapBroadcastError(message: string): MappedBroadcastError {
  const raw = message ?? '';
  if (CONFLICT_MARKERS.some((marker) => raw.includes(marker))) {
    return { kind: 'conflict', messageKey: 'broadcastConflict', resultCode: 'err-08', failed: true, raw };
  }
  if (raw.includes(XRP_HELD_MESSAGE)) {
    return { kind: 'serverBusy', messageKey: 'serverBusyXrp', failed: false, raw };
  }
  return { kind: 'failed', messageKey: 'broadcastFailedRetry', resultCode: 'err-08', failed: true, raw };
}

/** Device status code for "user cancelled on the device". */
export const DEVICE_USER_CANCEL_CODE = 0x9001;
const SIGNATURE_ERROR_MARKERS = ['DATA_ERROR', 'TransferError'] as const;

export type MappedSigningError =
  | { kind: 'cancelled'; silent: true }
  | { kind: 'signature'; silent: false; messageKey: 'signatureError' }
  /** `messageKey`: the catalogue text to show instead of `message` when the device layer names one. */
  | { kind: 'other'; silent: false; message: string; messageKey?: CatalogueMessageKey };

const CATALOGUE_KEYS: ReadonlySet<string> = new Set(Object.keys(errorMessages.en));

/**
 * The catalogue message a device-layer error names (its `messageKey`: wrong OTP, USB connection failed, the
 * device stopped answering, firmware update required), or undefined.
 */
export function deviceErrorMessageKey(err: unknown): CatalogueMessageKey | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = errorField(e, 'cause'), depth++) {
    const key = errorField(e, 'messageKey');
    if (typeof key === 'string' && CATALOGUE_KEYS.has(key)) return key as CatalogueMessageKey;
  }
  return undefined;
}

/**
 * The toast of a failed connection (spec 01 §4 "Connection" step 6): the failure's own message when the device
 * layer names one ('Wrong OTP.', 'USB connection failed.', …), else "Please verify the status of a device's
 * connection".
 */
export function connectionFailureMessageKey(err: unknown): CatalogueMessageKey {
  return deviceErrorMessageKey(err) ?? 'deviceConnectionCheck';
}

/**
 * The catalogue text of a failed call to the product API (issue 31 item 13): the server's `code` (and HTTP `status`,
 * 0 for a network failure or timeout) name it; the server's English `error` text is never shown. Undefined for an
 * error that is not such a call's (no numeric `status`).
 */
export function serverErrorIssue(err: unknown): Issue | undefined {
  const status = errorField(err, 'status');
  if (typeof status !== 'number') return undefined;
  const code = errorField(err, 'code');
  const byCode = typeof code === 'string' ? SERVER_CODE_MESSAGES[code] : undefined;
  if (byCode) return issue(byCode);
  if (status === 429) return issue('serverBusy');
  if (status === 0 || status >= 500 || status === 200) return issue('networkBusy');
  return issue('httpError', { status: String(status) });
}

/** The product API's error codes that have a message of their own (spec 02 §8); the others go by HTTP status. */
const SERVER_CODE_MESSAGES: Readonly<Record<string, CatalogueMessageKey>> = {
  no_provider: 'noValidApiProvider',
  not_configured: 'noValidApiProvider',
  chain_not_configured: 'noValidApiProvider',
  // A chain that refused a transaction the family has no message of its own for: err-08 (spec 03 §9).
  rejected: 'err-08',
  buy_not_configured: 'buyNotConfigured',
  too_many_requests: 'serverBusy',
  rate_limited: 'serverBusy',
};

function errorField(err: unknown, field: string): unknown {
  return typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[field] : undefined;
}

function isUserCancel(err: unknown): boolean {
  for (const field of ['code', 'status', 'statusCode']) {
    const value = errorField(err, field);
    if (value === DEVICE_USER_CANCEL_CODE) return true;
    if (typeof value === 'string' && /^(0x)?9001$/i.test(value.trim())) return true;
  }
  const message = errorField(err, 'message');
  return typeof message === 'string' && /\b0x9001\b/i.test(message);
}

/**
 * Maps a signing error: user cancel (0x9001) is silent (log only); DATA_ERROR or
 * TransferError → 'Signature error from Device'; anything else shows its own message.
 */
export function mapSigningError(err: unknown): MappedSigningError {
  if (isUserCancel(err)) return { kind: 'cancelled', silent: true };
  const name = errorField(err, 'name');
  const message = errorField(err, 'message');
  const code = errorField(err, 'code');
  const texts = [name, message, code, typeof err === 'string' ? err : undefined].filter(
    (t): t is string => typeof t === 'string',
  );
  if (texts.some((t) => SIGNATURE_ERROR_MARKERS.some((marker) => t.includes(marker)))) {
    return { kind: 'signature', silent: false, messageKey: 'signatureError' };
  }
  const text = typeof message === 'string' && message ? message : typeof err === 'string' ? err : String(err);
  const messageKey = deviceErrorMessageKey(err);
  return messageKey
    ? { kind: 'other', silent: false, message: text, messageKey }
    : { kind: 'other', silent: false, message: text };
}

// ---------------------------------------------------------------------------
// Shared issue shape
// ---------------------------------------------------------------------------

/** A validation or domain issue: a catalogue key plus its {{var}} values. */
export interface Issue {
  code: CatalogueMessageKey;
  params?: Readonly<Record<string, string | number>>;
}

export function issue(code: CatalogueMessageKey, params?: Readonly<Record<string, string | number>>): Issue {
  return params ? { code, params } : { code };
}

/** Error carrying a catalogue key, thrown by pure helpers (e.g. EVM send-all). */
export class CoreError extends Error {
  override readonly name = 'CoreError';
  constructor(
    readonly code: CatalogueMessageKey,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(interpolate(en[code], params));
  }
}
