import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DetailField, DetailGrid } from '@/app/components/ui/detail-field';
import { LoadedRecord } from '@/app/components/ui/record-page';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { serviceImageUrl } from '@/app/features/services/image-url';
import { formatDateTime, formatMoney, orNA } from '@/app/lib/format';
import { useSiteUrl } from '@/app/lib/site-config';
import { MESSAGES } from '@/shared/messages';
import type { Service } from '@/shared/schemas';
import { AccountInfo } from './account-info';
import { DeleteServiceButton, ServiceStatusBadge, VerifyServiceButton } from './service-actions';
import classes from './service-detail.module.css';

function ServiceDetail({ service, backToList }: { service: Service; backToList: () => void }) {
  const siteUrl = useSiteUrl();
  const { serviceDetails: details, userDetails: customer } = service;
  return (
    <>
      <Card withBorder radius="lg" padding={0}>
        <div className={classes.hero}>
          <Image
            src={serviceImageUrl(details.image, siteUrl)}
            alt={details.title}
            className={classes.image}
            fallbackSrc="/favicon.svg"
          />
          <Stack p="xl" gap="sm">
            <Group gap="xs">
              <ServiceStatusBadge service={service} />
              <Badge variant="outline" color="gray">
                {orNA(service.paymentMethod)}
              </Badge>
            </Group>
            <Title order={2}>{details.title}</Title>
            <Text c="dimmed">{details.description}</Text>
            <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(service.amount, service.currency)}
            </Text>
            <Group gap="xs" mt="auto">
              <VerifyServiceButton service={service} size="sm" />
              <DeleteServiceButton service={service} onDeleted={backToList} />
            </Group>
          </Stack>
        </div>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="xl">
          <Title order={3} size="h4" mb="md">
            Payment
          </Title>
          <DetailGrid cols={{ base: 1, sm: 2 }}>
            <DetailField label="Amount">{formatMoney(service.amount, service.currency)}</DetailField>
            <DetailField label="Payment Method">{orNA(service.paymentMethod)}</DetailField>
            <DetailField label="Transaction ID">
              <Text span ff="monospace" size="sm">
                {orNA(service.transactionId)}
              </Text>
            </DetailField>
            <DetailField label="Status">{service.isVerified ? 'Verified' : 'Pending'}</DetailField>
            <DetailField label="Created">{formatDateTime(service.createdAt)}</DetailField>
            <DetailField label="Last Updated">{formatDateTime(service.updatedAt)}</DetailField>
          </DetailGrid>
        </Card>
        <Card withBorder radius="lg" padding="xl">
          <Title order={3} size="h4" mb="md">
            Customer
          </Title>
          <DetailGrid cols={{ base: 1, sm: 2 }}>
            <DetailField label="Name">{customer.name}</DetailField>
            <DetailField label="Email">
              <Anchor href={`mailto:${customer.email}`} inherit>
                {customer.email}
              </Anchor>
            </DetailField>
            <DetailField label="Phone">{orNA(customer.phone)}</DetailField>
          </DetailGrid>
        </Card>
      </SimpleGrid>
      {service.userId ? <AccountInfo user={service.userId} /> : null}
    </>
  );
}

/** 'Loading service details...' until the purchase is in the loaded list, then the detail or a not-found state. */
export const ServiceDetailPage = () => (
  <LoadedRecord query={servicesQuery} words={MESSAGES.services.record} to="/services" maw={1040}>
    {(service, backToList) => <ServiceDetail service={service} backToList={backToList} />}
  </LoadedRecord>
);
