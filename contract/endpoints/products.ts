import { StoreParams } from '../schemas/common';
import {
  HistoryIdParamsSchema,
  LedControlBodySchema,
  PageControlBodySchema,
  ProductCodeParamsSchema,
  ProductFileUploadAnswerSchema,
  ProductFileUploadQuerySchema,
  ProductListPageSchema,
  ProductListRequestSchema,
  ProductPreviewAnswerSchema,
  ProductPreviewBodySchema,
  ProductSchema,
  ProductTagPageSchema,
  ProductTagRequestSchema,
  ProductTaskAnswerSchema,
  ProductUpdateBodySchema,
  ProductUpdateHistoryPageSchema,
  ProductUpdateHistoryRequestSchema,
  RemoveUnusedProductsAnswerSchema,
  RemoveUnusedProductsBodySchema,
  SecondCodePageSchema,
  SecondCodeRequestSchema,
  TagImageParamsSchema,
  TagImageQuerySchema,
  TagTypeInStoreListSchema,
  UpdateTaskDetailPageSchema,
  UpdateTaskDetailParamsSchema,
  UpdateTaskDetailRequestSchema,
  UpdateTaskPageSchema,
  UpdateTaskRequestSchema,
  UploadHistoryDetailSchema,
  UploadHistoryPageSchema,
  UploadHistoryRequestSchema,
} from '../schemas/products';
import { endpoint } from './define';

const productRead = { section: 'product', need: 'read' } as const;
const productWrite = { section: 'product', need: 'write' } as const;

// Paths not shown in the spec are our choice, in the style of the known ones (NOTES.md 12); the known ones are
// POST /product/file?companyCode= and GET /tag/:mac/store/:storeCode/image?tagType=.
export const productsEndpoints = {
  productList: endpoint({
    method: 'POST',
    path: '/product/list/store/:storeCode',
    access: productRead,
    params: StoreParams,
    body: ProductListRequestSchema,
    response: ProductListPageSchema,
  }),
  // The full product for the update modal; the handheld's lookup is productByCode (console-core contract).
  productGet: endpoint({
    method: 'GET',
    path: '/product/store/:storeCode/code/:prCode/detail',
    access: productRead,
    params: ProductCodeParamsSchema,
    response: ProductSchema,
  }),
  // Create and update: the console asks before overwriting an existing product, so the server upserts.
  productUpdate: endpoint({
    method: 'POST',
    path: '/product/update',
    access: productWrite,
    body: ProductUpdateBodySchema,
    response: ProductTaskAnswerSchema,
  }),
  productPreview: endpoint({
    method: 'POST',
    path: '/product/preview',
    access: productRead,
    body: ProductPreviewBodySchema,
    response: ProductPreviewAnswerSchema,
  }),
  productLed: endpoint({
    method: 'POST',
    path: '/product/led',
    access: productWrite,
    body: LedControlBodySchema,
    response: ProductTaskAnswerSchema,
  }),
  productPage: endpoint({
    method: 'POST',
    path: '/product/page',
    access: productWrite,
    body: PageControlBodySchema,
    response: ProductTaskAnswerSchema,
  }),
  productRemoveUnused: endpoint({
    method: 'POST',
    path: '/product/unused/remove',
    access: productWrite,
    body: RemoveUnusedProductsBodySchema,
    response: RemoveUnusedProductsAnswerSchema,
  }),
  productTagList: endpoint({
    method: 'POST',
    path: '/product/tag/list/store/:storeCode/code/:prCode',
    access: productRead,
    params: ProductCodeParamsSchema,
    body: ProductTagRequestSchema,
    response: ProductTagPageSchema,
  }),
  productUpdateHistory: endpoint({
    method: 'POST',
    path: '/history/store/:storeCode/product/:prCode/update',
    access: productRead,
    params: ProductCodeParamsSchema,
    body: ProductUpdateHistoryRequestSchema,
    response: ProductUpdateHistoryPageSchema,
  }),
  productUpdateTaskList: endpoint({
    method: 'POST',
    path: '/product/update/task/list/store/:storeCode',
    access: productRead,
    params: StoreParams,
    body: UpdateTaskRequestSchema,
    response: UpdateTaskPageSchema,
  }),
  productUpdateTaskDetail: endpoint({
    method: 'POST',
    path: '/product/update/task/store/:storeCode/update/:updateId',
    access: productRead,
    params: UpdateTaskDetailParamsSchema,
    body: UpdateTaskDetailRequestSchema,
    response: UpdateTaskDetailPageSchema,
  }),
  // Multipart, one field `file` (one file at a time), read as a stream: the default format is documented in
  // server/lib/product-file/product-file-format.ts. Answers once the file is imported.
  productFileUpload: endpoint({
    method: 'POST',
    path: '/product/file',
    access: productWrite,
    query: ProductFileUploadQuerySchema,
    multipart: true,
    streamed: true,
    response: ProductFileUploadAnswerSchema,
    // A retried upload (a lost answer) replays the first answer: the file is imported once (issue 32).
    idempotent: true,
  }),
  productUploadHistory: endpoint({
    method: 'POST',
    path: '/product/file/history',
    access: productRead,
    body: UploadHistoryRequestSchema,
    response: UploadHistoryPageSchema,
  }),
  productUploadHistoryDetail: endpoint({
    method: 'GET',
    path: '/product/file/history/:historyId',
    access: productRead,
    params: HistoryIdParamsSchema,
    response: UploadHistoryDetailSchema,
  }),
  secondCodeList: endpoint({
    method: 'POST',
    path: '/product/secondcode/list',
    access: productRead,
    body: SecondCodeRequestSchema,
    response: SecondCodePageSchema,
  }),
  // The spec's "tag prefixes used in a store", answered as tag types flagged in use.
  tagPrefixList: endpoint({
    method: 'GET',
    path: '/tag/type/store/:storeCode',
    access: productRead,
    params: StoreParams,
    response: TagTypeInStoreListSchema,
  }),
  // Image-based update mode previews; product read, as it shows product data.
  tagImage: endpoint({
    method: 'GET',
    path: '/tag/:mac/store/:storeCode/image',
    access: productRead,
    params: TagImageParamsSchema,
    query: TagImageQuerySchema,
    file: true,
  }),
};
