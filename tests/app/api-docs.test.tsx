import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/openapi/openapi-document';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

describe('API reference screen', () => {
  it('lists every route of the real description by tag, with its body and reply schemas', async () => {
    server.use(http.get('/api/openapi.json', () => HttpResponse.json(buildOpenApiDocument('9.9.9'))));
    renderApp('/api-docs');
    expect(await screen.findByRole('heading', { name: 'API reference' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: '/api/openapi.json' });
    expect(link).toHaveAttribute('href', '/api/openapi.json');
    expect(link.closest('p')).toHaveTextContent('(OpenAPI 3.1, version 9.9.9)');
    // The intro's `code` spans show as code, never as literal backticks.
    const intro = link.closest('p')!;
    expect(intro.textContent).not.toContain('`');
    expect(within(intro).getByText('Authorization: Bearer <authToken>').tagName).toBe('CODE');
    for (const tag of ['Session', 'Users', 'Courses', 'Course items', 'Enrollments', 'Batches', 'Service purchases'])
      expect(screen.getByRole('heading', { name: tag })).toBeInTheDocument();

    const approve = screen.getByRole('button', { name: /PUT \/api\/enrollments\/approve\/\{id\} Approve/ });
    await userEvent.click(approve);
    const panel = screen.getByRole('region', { name: /\/api\/enrollments\/approve\/\{id\}/ });
    expect(within(panel).getByText(/Needs an administrator’s token\. Success: 200/)).toBeInTheDocument();
    expect(within(panel).getByText('Reply')).toBeInTheDocument();
    expect(within(panel).getByText(/"isVerified"/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /POST \/api\/users\/login-admin/ }));
    const login = await screen.findByRole('region', { name: /\/api\/users\/login-admin/ });
    expect(within(login).getByText(/No token needed\./)).toBeInTheDocument();
    expect(within(login).getByText('Request body')).toBeInTheDocument();
  });

  it('says so when the description cannot be loaded', async () => {
    allowConsoleError();
    server.use(http.get('/api/openapi.json', () => HttpResponse.error()));
    renderApp('/api-docs');
    expect(
      await screen.findByText('The API description could not be loaded. It needs a connection.'),
    ).toBeInTheDocument();
  });
});
