import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { DetailField, DetailGrid } from '@/app/components/ui/detail-field';
import { RecordHistory } from '@/app/components/ui/record-history';
import { BackLink, RecordLoading, RecordNotFound } from '@/app/components/ui/record-page';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { serviceImageUrl } from '@/app/features/services/image-url';
import { formatDateTime, formatMoney, orNA } from '@/app/lib/format';
import { useSiteUrl } from '@/app/lib/site-config';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';
import { AccountInfo } from './account-info';
import { DeleteServiceButton, ServiceStatusBadge, VerifyServiceButton } from './service-actions';
import classes from './service-detail.module.css';

const route = getRouteApi('/_authed/services/$id');

const backLink = <BackLink to="/services">Back to services</BackLink>;

/** 'Loading service details...' until the purchase is in the loaded list, then the detail or a not-found state. */
export function ServiceDetailPage() {
  const { id } = route.useParams();
  const navigate = useNavigate();
  const { data: services } = useQuery(servicesQuery);
  const service = services?.find((s) => s._id === id);
  const siteUrl = useSiteUrl();
  const { caughtUp } = useSyncState();

  // A purchase newer than the device copy comes with this start-up's first pull.
  if (!services || (!service && !caughtUp)) return <RecordLoading text={MESSAGES.services.loading} />;
  if (!service)
    return (
      <RecordNotFound
        title="Service not found"
        text="This purchase is not in the loaded list. It may have been deleted."
        back={backLink}
        recordId={id}
      />
    );

  const { serviceDetails: details, userDetails: customer } = service;
  return (
    <Stack gap="md" maw={1040}>
      {backLink}
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
              <DeleteServiceButton
                service={service}
                onDeleted={() => void navigate({ to: '/services', replace: true })}
              />
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
      <RecordHistory recordId={service._id} />
    </Stack>
  );
}
