import { useEffect, useState } from 'react';

type State = { kind: 'checking' } | { kind: 'up'; apiBase: string } | { kind: 'down'; message: string };

/** Asks the API's public session check whether the server answers, using the runtime config. */
export function ServerStatus() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  useEffect(() => {
    (async () => {
      const config = (await (await fetch('./config.json')).json()) as { apiBase: string };
      const res = await fetch(`${config.apiBase}/auth/login`);
      setState(res.ok ? { kind: 'up', apiBase: config.apiBase } : { kind: 'down', message: `${res.statusText} (${res.status})` });
    })().catch((err: Error) => setState({ kind: 'down', message: err.message }));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Shelfpad</h1>
      {state.kind === 'checking' && <p>Checking the server…</p>}
      {state.kind === 'up' && <p>The ESL server answers at {state.apiBase}.</p>}
      {state.kind === 'down' && <p role="alert">The ESL server does not answer: {state.message}</p>}
    </main>
  );
}
