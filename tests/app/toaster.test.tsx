import { act, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/lib/query-client';
import { Providers } from '@/app/providers';

/** react-hot-toast as the product sets it up. */
describe('toasts', () => {
  const renderToaster = () =>
    render(
      <Providers queryClient={createQueryClient()} env="test">
        {null}
      </Providers>,
    );

  it('sit at the top centre, at most 350px wide', async () => {
    renderToaster();
    act(() => {
      toast('First');
      toast('Second');
    });
    // (The 8px gutter between toasts needs real layout: jsdom measures every toast 0px high.)
    const bar = (await screen.findByText('First')).closest('[role="status"]')!.parentElement!;
    expect(bar).toHaveStyle({ maxWidth: '350px' });
    const wrapper = bar.parentElement!;
    expect(wrapper).toHaveStyle({ justifyContent: 'center', top: '0px' });
    expect(await screen.findByText('Second')).toBeInTheDocument();
  });

  it('success leaves after 2 s, error stays for 4 s, and at most 20 show at once', async () => {
    renderToaster();
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByText('Failed')).toBeInTheDocument();

    act(() => {
      for (let i = 0; i < 25; i++) toast(`Note ${i}`);
    });
    await waitFor(() => expect(screen.queryAllByText(/^Note \d+$/)).toHaveLength(20));
    // The newest stay: the first five notes are gone.
    expect(screen.queryByText('Note 0')).not.toBeInTheDocument();
    expect(screen.getByText('Note 24')).toBeInTheDocument();
  });
});
