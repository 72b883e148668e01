// The small-lot batch's own section: the seller's rules for its hall (竞价规则) while the batch is a draft or
// disclosing, and the handover (交付) once it is dealt.
import { AuctionRulesCard } from '../../bidding/index.ts';
import { DeliveryCard } from '../../deliveries/index.ts';
import type { ProjectSectionProps } from './section-props.ts';

export function SmallLotSection({
  family,
  projectId,
  isSeller,
  status,
  disclosureEnd,
  form,
}: ProjectSectionProps) {
  if (status === 'dealt') return <DeliveryCard family={family} projectId={projectId} />;
  if (form.disposalMethod === 'agreement') return null;
  return (
    <AuctionRulesCard
      projectId={projectId}
      isSeller={isSeller}
      status={status}
      disclosureEnd={disclosureEnd}
      listingPrice={typeof form.listingPrice === 'number' ? form.listingPrice : undefined}
    />
  );
}
