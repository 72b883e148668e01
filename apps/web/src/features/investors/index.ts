// The investors (投资方) of a capital increase: the project page's section, the registration form
// (capInvestorAon), the investor's page (capInvestorShow, and capShow under 代理意向方), the exchange's audit screen
// (capOpenInvestorAudit) and the member's registrations (intentionPro).
export { InvestorsSection } from './investors-section.tsx';
export type { InvestorsSectionProps } from './investors-section.tsx';
export { InvestorFormPage } from './investor-form-page.tsx';
export { InvestorShowPage } from './investor-show-page.tsx';
export { InvestorAuditPage } from './investor-audit-page.tsx';
export { IntentionListPage, InvestorRegistrations } from './intention-list-page.tsx';
export { useRegistrationsHome } from './shared.tsx';
