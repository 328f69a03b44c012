import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { fakeServer, type Reply } from './fake-server.ts';

/**
 * A stand-in server for the agent's lists: each GET address answered as `replies` says (404
 * otherwise). `reset` sets the answers for a test and starts it.
 */
export function listServer() {
  const replies: Record<string, Reply> = {};
  const server = fakeServer(({ url, method }) =>
    method === 'GET' && url in replies
      ? replies[url]!
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } },
  );
  const reset = (answers: Record<string, Reply>) => {
    for (const key of Object.keys(replies)) delete replies[key];
    Object.assign(replies, answers);
    server.start();
  };
  return { replies, reset };
}

/** The list at `address` fails first; the page says the server's words, and Try again fetches `answer`. */
export async function retryAfterFailure(
  replies: Record<string, Reply>,
  address: string,
  answer: Reply,
  render: () => unknown,
) {
  replies[address] = {
    status: 500,
    body: { error: { code: 'internal', message: 'Something went wrong on our side.' } },
  };
  render();
  expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy();
  replies[address] = answer;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
}
