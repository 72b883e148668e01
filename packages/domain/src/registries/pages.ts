// The route names of each registry's pages (list, add, edit, show, import), by registry key, apart from the
// registries' definitions: the portal's route table needs the names alone, and with the definitions (their columns
// are zod schemas) it would load zod and every registry's columns into the first signed-in page.
export type RegistryKey =
  | 'assets'
  | 'stockright'
  | 'customer'
  | 'personalCustomer'
  | 'businessOpportunity'
  | 'land'
  | 'invoicing'
  | 'bank'
  | 'ledgerSmall';

export type RegistryRoutes = { list: string; add: string; edit: string; show: string; import?: string };

export const REGISTRY_ROUTES = {
  assets: {
    list: 'assets',
    add: 'assetsAdd',
    edit: 'assetsEdit',
    show: 'assetsShow',
    import: 'assetsImport',
  },
  stockright: {
    list: 'stockright',
    add: 'stockAdd',
    edit: 'stockEdit',
    show: 'stockShow',
    import: 'stockImport',
  },
  customer: {
    list: 'customer',
    add: 'customerAdd',
    edit: 'customerEdit',
    show: 'customerShow',
    import: 'customerImport',
  },
  personalCustomer: {
    list: 'personalCustomer',
    add: 'personalCustomerAdd',
    edit: 'personalCustomerEdit',
    show: 'personalCustomerShow',
    import: 'personalCustomerImport',
  },
  businessOpportunity: {
    list: 'businessOpportunity',
    add: 'businessOpportunityAdd',
    edit: 'businessOpportunityEdit',
    show: 'businessOpportunityShow',
  },
  land: { list: 'landManage', add: 'landAdd', edit: 'landEdit', show: 'landShow', import: 'landImport' },
  invoicing: { list: 'invoicing', add: 'invoicingAdd', edit: 'invoicingEdit', show: 'invoicingShow' },
  bank: { list: 'bank', add: 'bankAdd', edit: 'bankEdit', show: 'bankShow' },
  ledgerSmall: {
    list: 'ledgerSmall',
    add: 'ledgerSmallAdd',
    edit: 'ledgerSmallEdit',
    show: 'ledgerSmallShow',
    import: 'ledgerSmallImport',
  },
} as const satisfies Record<RegistryKey, RegistryRoutes>;
