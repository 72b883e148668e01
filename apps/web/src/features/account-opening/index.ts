// Pages of project-owner account opening (gate 1): the public tip and the three-step opening page.
export { TransferorOpenTipPage } from './transferor-open-tip-page.tsx';
export { TransferorOpenPage } from './transferor-open-page.tsx';
