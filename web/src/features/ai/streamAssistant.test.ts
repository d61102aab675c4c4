import { describe, expect, it } from '@jest/globals';
import { parseAssistantEvents } from './streamAssistant';

describe('parseAssistantEvents', () => {
  it('reads the text of each chunk and the end of the stream', () => {
    const block = [
      'data: {"choices":[{"delta":{"content":"Hel"},"finish_reason":null}]}',
      'data: {"choices":[{"delta":{"content":"lo"},"finish_reason":null}]}',
      'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}',
      'data: [DONE]',
    ].join('\n');
    expect(parseAssistantEvents(block)).toEqual([
      { text: 'Hel' },
      { text: 'lo' },
      { done: true },
      { done: true },
    ]);
  });

  it("turns ShowDoc's three error events into errors", () => {
    expect(parseAssistantEvents('data: {"error_code":10101,"error_message":"not configured"}')).toEqual([
      { error: 'not configured' },
    ]);
    expect(parseAssistantEvents('data: {"error":{"code":"insufficient_quota","message":"quota"}}')).toEqual([
      { error: 'quota' },
    ]);
    expect(parseAssistantEvents('data: {"error":"网络请求失败: x"}')).toEqual([{ error: '网络请求失败: x' }]);
  });

  it('skips comments and lines that are not JSON', () => {
    expect(parseAssistantEvents(': keep-alive\ndata: not json\nevent: ping')).toEqual([]);
  });
});
