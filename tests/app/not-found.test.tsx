import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SITE_URL } from '../mocks/handlers';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';

describe('the 404 page', () => {
  it("links Search and Contact to the public site's pages (SITE_URL), not back into this app", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Oops! Lost in Space?' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Search' })).toHaveAttribute('href', `${SITE_URL}/search`);
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', `${SITE_URL}/contact`);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('with no public site address, says where Search and Contact would be instead of linking to a loop', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ success: true, data: { siteUrl: null } })));
    renderApp('/no-such-page');
    expect(
      await screen.findByText(
        'Search and Contact are pages of the public site (its /search and /contact), whose address is not set (SITE_URL on the server).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });
});
