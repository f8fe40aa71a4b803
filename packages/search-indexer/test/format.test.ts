import { describe, expect, test } from 'vitest'
import { processTerm, tokenize } from '../src/format.js'

const terms = (text: string) => tokenize(text).flatMap((token) => processTerm(token) ?? [])

describe('tokenizer', () => {
  test('keeps header names whole and split', () => {
    expect(terms('VB-API-KEY')).toEqual(['vb-api-key', 'vb', 'api', 'key'])
  })
  test('keeps snake_case whole and split', () => {
    expect(terms('token_type')).toEqual(['token_type', 'token', 'type'])
  })
  test('splits camelCase and keeps the whole word', () => {
    expect(terms('createElement')).toEqual(['createelement', 'create', 'element'])
    expect(terms('XMLHttpRequest')).toEqual(['xmlhttprequest', 'xml', 'http', 'request'])
  })
  test('keeps dotted method names and their camelCase parts', () => {
    expect(terms('client.tokens.createBatch(')).toEqual([
      'client.tokens.createbatch',
      'createbatch',
      'client',
      'tokens',
      'create',
      'batch',
    ])
  })
  test('plain words are lower-cased, accents stripped, stop words dropped', () => {
    expect(terms('The Tokenize call, for a Café.')).toEqual(['tokenize', 'call', 'cafe'])
  })
  test('keeps error codes and numbers of two digits or more', () => {
    expect(terms('HTTP 429 or E1001, step 2')).toEqual(['http', '429', 'e1001', '1001', 'step'])
  })
  test('trailing punctuation is not part of a word', () => {
    expect(terms('see tokens.')).toEqual(['see', 'tokens'])
  })
})
