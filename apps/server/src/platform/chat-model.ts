/** One turn given to a language model. */
export type ChatMessage = { role: 'system' | 'user'; content: string };

/** A language model the assistant may ask; `model` is its name, as the settings give it. */
export type ChatModel = {
  model: string;
  complete(messages: ChatMessage[]): Promise<string>;
};

/** The model could not answer: unreachable, too slow, refused, or answered with nothing usable. */
export class ChatModelError extends Error {}

type Options = {
  /** The API's base, such as https://api.openai.com/v1; the request goes to <base>/chat/completions. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
};

/**
 * A chat-completions endpoint of the OpenAI shape (OpenAI, and the many servers that speak it:
 * vLLM, llama.cpp, Ollama, Azure's compatible API): POST {model, messages, temperature,
 * max_tokens} with a bearer key, read choices[0].message.content. Kept cool (temperature 0.2)
 * and short; a slow answer is abandoned rather than kept waiting on 3G.
 */
export function openAiCompatibleModel({ baseUrl, apiKey, model, timeoutMs = 20_000 }: Options): ChatModel {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    model,
    async complete(messages) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({ model, messages, temperature: 0.2, max_tokens: 500 }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new ChatModelError(`the model could not be reached: ${(error as Error).message}`);
      }
      if (!response.ok) throw new ChatModelError(`the model answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as {
        choices?: { message?: { content?: unknown } }[];
      } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new ChatModelError('the model gave no answer');
      return content.trim();
    },
  };
}
