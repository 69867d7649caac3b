import { Button } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Hint } from '@/app/components/ui/hint';
import { createQueryClient } from '@/app/lib/query-client';
import { Providers } from '@/app/providers';

/** Hint: Mantine's tooltip, loaded the first time the pointer comes (floating-ui stays out of the first load). */
describe('Hint', () => {
  function Probe({ onRef }: { onRef: (el: HTMLButtonElement | null) => void }) {
    return (
      <Providers queryClient={createQueryClient()} env="test">
        <Hint label="Download user Ann Lee">
          <Button ref={onRef}>Download</Button>
        </Hint>
      </Providers>
    );
  }

  it('shows its label on hover and hides it when the pointer leaves; the element is never drawn again', async () => {
    const user = userEvent.setup();
    const elements: (HTMLButtonElement | null)[] = [];
    render(<Probe onRef={(el) => elements.push(el)} />);
    const button = screen.getByRole('button', { name: 'Download' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download user Ann Lee');
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Download user Ann Lee');

    // The child's own ref got the one element, which stayed in the document throughout.
    expect(elements.filter(Boolean)).toEqual([button]);
    expect(button).toBeInTheDocument();
  });
});
