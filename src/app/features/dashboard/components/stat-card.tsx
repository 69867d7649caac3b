import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatCount } from '@/app/lib/format';
import classes from './dashboard.module.css';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  count: number;
  hint?: ReactNode;
  icon: Icon;
  color: string;
  /** When set, the whole card is a link to where the admin acts on it (with `search`, the list filtered). */
  to?: '/users' | '/courses' | '/enrollments' | '/enrollments/all' | '/services';
  search?: { status: string };
}

export function StatCard({ label, count, hint, icon: IconComponent, color, to, search }: StatCardProps) {
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {formatCount(count)}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" mt={4}>
            {hint}
          </Text>
        ) : null}
      </div>
      <ThemeIcon color={color} variant="light" size={40} radius="md">
        <IconComponent size={22} stroke={1.6} />
      </ThemeIcon>
    </Group>
  );
  return to ? (
    <Paper withBorder p="md" radius="md" component={Link} to={to} search={search as never} className={classes.link}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="md">
      {body}
    </Paper>
  );
}

/** What waits for an admin's approval: orange while anything waits, grey when nothing does. */
export function ToApproveCard({
  what,
  count,
  hint,
  icon,
  to,
  search,
}: Omit<StatCardProps, 'label' | 'color'> & { what: string }) {
  return (
    <StatCard
      label={`${what} to approve`}
      count={count}
      hint={hint}
      icon={icon}
      color={count ? 'orange' : 'gray'}
      to={to}
      search={search}
    />
  );
}
