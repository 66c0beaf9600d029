// The brand logo at the head of a sheet or order detail (purchasing-core §2.3, §2.4): clicking it
// opens the brand's public website when the brand has a published page; no logo, nothing shown.
import { Anchor, Image } from '@mantine/core';
import type { BrandRef } from '../../../contract/feedRows';
import { brandSiteUrl } from '../../../domain/catalog/publicLinks';
import { ORDER_DETAIL_LABELS } from '../../../domain/orders/orderDetail';
import { useAppServices } from '../../../platform/AppServicesContext';

export function BrandLogo({ brand }: { brand: BrandRef | null }) {
  const { config } = useAppServices();
  const logo = brand?.logo_file?.url;
  if (!brand || !logo) return null;
  const image = <Image src={logo} alt={brand.name} h={48} w="auto" fit="contain" />;
  const site = brandSiteUrl(config.publicWebsite, brand);
  if (site === null) return image;
  return (
    <Anchor
      href={site}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${ORDER_DETAIL_LABELS.BRAND_SITE}：${brand.name}`}
    >
      {image}
    </Anchor>
  );
}
