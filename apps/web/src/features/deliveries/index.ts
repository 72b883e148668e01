// The handover of a dealt batch (交付): its page ({family}Delivery) and its card on the project's page.
export { DeliveryPage } from './delivery-page.tsx';
export { DeliveryCard } from './delivery-card.tsx';
export type { DeliveryCardProps } from './delivery-card.tsx';
