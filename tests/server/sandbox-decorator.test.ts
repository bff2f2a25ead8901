import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { decodeTagType } from '../../contract/schemas/tag-type';
import { layoutConfigs, products, systemAlarms, tagTypes, tags } from '../../server/db/schema/index';
import { companyMoney, labelStyleOf, productLabel } from '../../server/lib/label-image';
import { SYSTEM_ALARM_TYPES } from '../../contract/schemas/system-alarm-types';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The tag data decorator in production: it changes what the tag preview draws, and a failing one changes nothing. */
let sut: TestServer;
let admin: AuthHeaders;
const STORE = 'TKY001';
const UPPER = 'function decorate(product) { return { ...product, prInfo: product.prInfo.map((s) => s.toUpperCase()) }; }';

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
});
afterAll(async () => {
  await sut?.close();
});

const saveDecorator = async (code: string, useType: number) => {
  const res = await sut.app.inject({ method: 'POST', url: '/api/config/decorator/tag', headers: admin, payload: { code, useType } });
  expect(res.statusCode, res.body).toBe(200);
};
const preview = async (tagMac: string) => {
  const res = await sut.app.inject({ method: 'GET', url: `/api/preview/store/${STORE}/tag/${tagMac}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { encodedImage: string; prInfo: string[] };
};

describe('tag data decorator', () => {
  it('draws the decorated product when on, the product as it is when off or failing', async () => {
    const [t] = await sut.deps.db
      .select({
        tagMac: tags.tagMac,
        tagType: tags.tagType,
        prCode: tags.prCode,
        prInfo: products.prInfo,
        layoutId: products.layoutId,
        tagLayoutId: tags.layoutId,
      })
      .from(tags)
      .innerJoin(products, and(eq(products.storeCode, tags.storeCode), eq(products.prCode, tags.prCode)))
      .where(and(eq(tags.storeCode, STORE), isNotNull(tags.layoutId)))
      .limit(1);
    // A product with lower-case text, so that upper-casing changes the drawing.
    expect(t.prInfo.some((s) => s !== s.toUpperCase())).toBe(true);
    const [type] = await sut.deps.db.select().from(tagTypes).where(eq(tagTypes.prefix, t.tagType!));
    // The tag's layout type chooses the label style (label-image.ts labelStyleOf).
    const [layout] = await sut.deps.db
      .select()
      .from(layoutConfigs)
      .where(and(eq(layoutConfigs.companyCode, 'ACME'), eq(layoutConfigs.layoutId, t.tagLayoutId!)));
    const style = labelStyleOf(layout?.layoutType);
    // Prices are written in the company's money (label/money.ts: ACME's address is in Japan, so yen).
    const money = await companyMoney(sut.deps.db, 'ACME');
    const draw = (prInfo: string[]) =>
      productLabel({ width: type.width!, height: type.height! }, { prCode: t.prCode!, prInfo }, decodeTagType(t.tagType!).color, style, {
        money,
      }).toString('base64');

    const plain = await preview(t.tagMac);
    expect(plain.encodedImage).toBe(draw(t.prInfo));

    await saveDecorator(UPPER, 1);
    const decorated = await preview(t.tagMac);
    expect(decorated.encodedImage).toBe(draw(t.prInfo.map((s) => s.toUpperCase())));
    // The answer's product data stays the product's own.
    expect(decorated.prInfo).toEqual(t.prInfo);

    // The product modal's preview draws through the decorator too.
    const modal = await sut.app.inject({
      method: 'POST',
      url: '/api/product/preview',
      headers: admin,
      payload: { layoutId: 'XX_STD', prCode: t.prCode, prInfo: ['green tea'], companyCode: 'ACME' },
    });
    expect(modal.statusCode, modal.body).toBe(200);
    expect(modal.json().encodedImage).toBe(
      productLabel({ width: 296, height: 128 }, { prCode: t.prCode!, prInfo: ['GREEN TEA'] }, decodeTagType('XX').color).toString('base64'),
    );

    await saveDecorator(UPPER, 0);
    expect((await preview(t.tagMac)).encodedImage).toBe(plain.encodedImage);

    await saveDecorator(UPPER, 1);
    // A product update whose only change the decorator erases (the case of the text) sends nothing to its tags.
    const update = await sut.app.inject({
      method: 'POST',
      url: '/api/product/update',
      headers: admin,
      payload: {
        taskId: -1,
        priorTaskId: -1,
        storeCode: STORE,
        productList: [{ prCode: t.prCode, layoutId: t.layoutId, prInfo: t.prInfo.map((s) => s.toUpperCase()) }],
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().message).toMatch(/, 0 tags to update$/);

    // A decorator that throws: the label is drawn as it is and the spec's system alarm is raised.
    await saveDecorator('function decorate(product) { throw new Error("price feed down"); }', 1);
    expect((await preview(t.tagMac)).encodedImage).toBe(draw(t.prInfo.map((s) => s.toUpperCase())));
    const alarms = await sut.deps.db
      .select()
      .from(systemAlarms)
      .where(eq(systemAlarms.type, SYSTEM_ALARM_TYPES.TAG_DATA_DECORATOR_EXCEPTION.code));
    expect(alarms.at(-1)?.data).toMatchObject({ message: 'Error: price feed down (line 1, column 45)' });
  });
});
