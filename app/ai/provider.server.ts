// The language model, from configuration: any OpenAI-compatible chat-completions endpoint
// (OpenAI, Groq, Gemini's compatible endpoint, Ollama, vLLM) through the AI SDK. Undefined when
// AI_BASE_URL is not set: the AI functions then answer that the service is not configured.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { config } from "~/config.server";

let cached: { key: string; model: LanguageModel } | undefined;

export function aiModel(): LanguageModel | undefined {
  const { baseUrl, apiKey, model } = config().ai;
  if (!baseUrl) return undefined;
  const key = `${baseUrl}\n${apiKey ?? ""}\n${model}`;
  if (cached?.key !== key) {
    const provider = createOpenAICompatible({
      name: "ai",
      baseURL: baseUrl,
      apiKey,
      // Usage in the streamed answer (stream_options.include_usage), for the token figures.
      includeUsage: true,
      // response_format json_schema: the endpoint constrains the answer to the schema when it can.
      supportsStructuredOutputs: true,
    });
    cached = { key, model: provider.chatModel(model) };
  }
  return cached.model;
}
