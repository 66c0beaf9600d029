// The demo's products by brand: models and order numbers are plain ASCII (the app refuses Chinese
// characters there), descriptions short Chinese; some 3C (CCC), one NONEXISTENT (a mistyped
// order number), some EXIST with a replacement (correct product). List prices drive the quotes.

import type { ProductKind } from './catalog';

/** Model, order number, short description, list price (CNY incl. tax), kind, options. */
export type ProductSeed = readonly [
  model: string,
  articleNo: string,
  description: string,
  price: number,
  kind: ProductKind,
  options?: {
    ccc?: boolean;
    state?: 'NONEXISTENT';
    /** Order number of the product that replaces this one (EXIST with a correct product). */
    correct?: string;
    audit?: string;
  },
];

/** Products by brand slug. Order numbers are unique across the catalogue. */
export const PRODUCTS: Readonly<Record<string, readonly ProductSeed[]>> = {
  siemens: [
    [
      'CPU 1214C DC/DC/DC',
      '6ES7214-1AG40-0XB0',
      'S7-1200 紧凑型CPU，14入/10出，直流供电',
      2680,
      'plc',
    ],
    [
      'CPU 1214C DC/DC/DC',
      '6ES7214-1AG31-0XB0',
      'S7-1200 CPU 旧版本（V3）',
      2450,
      'plc',
      { correct: '6ES7214-1AG40-0XB0' },
    ],
    ['CPU 1214C', '6ES7214-1AG40-0XB1', '订货号录入错误', 2680, 'plc', { state: 'NONEXISTENT' }],
    ['SM 1221 DI16', '6ES7221-1BH32-0XB0', '数字量输入模块，16点，24V DC', 980, 'ioModule'],
    ['KTP700 Basic', '6AV2123-2GB03-0AX0', '7英寸精简面板，PROFINET接口', 3850, 'hmi'],
    ['G120C 0.75kW', '6SL3210-1KE12-3UF2', 'SINAMICS G120C 变频器，0.75kW，380V', 3320, 'inverter'],
    ['3RV2011-1JA10', '3RV2011-1JA10', '电机保护断路器，7-10A', 410, 'breaker', { ccc: true }],
    [
      'SITOP PSU100S 24V/5A',
      '6EP1333-2BA20',
      '稳压电源，输入220V，输出24V/5A',
      890,
      'powerSupply',
      { ccc: true },
    ],
  ],
  schneider: [
    [
      'LC1D18M7C',
      'LC1D18M7C',
      'TeSys D 交流接触器，18A，线圈AC220V',
      268,
      'contactor',
      { ccc: true },
    ],
    ['ATV320U15N4B', 'ATV320U15N4B', 'Altivar 320 变频器，1.5kW，380V', 3150, 'inverter'],
    ['GV2ME10C', 'GV2ME10C', '电动机断路器，4-6.3A', 325, 'breaker', { ccc: true }],
    ['XB5AA31', 'XB5AA31', '平头按钮，绿色，1常开', 38.5, 'button'],
    ['iC65N 2P C16A', 'A9F18216', '微型断路器，2P，C型，16A', 96, 'breaker', { ccc: true }],
    ['RXM2LB2BD', 'RXM2LB2BD', '中间继电器，2组转换触点，24V DC', 52, 'relay', { audit: 'ORDER' }],
  ],
  festo: [
    ['DSBC-32-100-PPVA-N3', '1376424', 'ISO标准气缸，缸径32mm，行程100mm', 1080, 'cylinder'],
    [
      'ADN-25-20-A-P-A',
      '536240',
      '紧凑型气缸，缸径25mm，行程20mm',
      560,
      'cylinder',
      { audit: 'STORAGE' },
    ],
    ['VUVS-L20-M52-MD-G18-F7', '575277', '电磁阀，5/2，单电控，G1/8', 720, 'valve'],
    [
      'MS4-LR-1/4-D6-AS',
      '529420',
      '调压阀，G1/4，0.3-7 bar',
      430,
      'regulator',
      { audit: 'CUSTOMS_AUDITED' },
    ],
    ['SME-8M-DS-24V-K-2,5-OE', '543862', '磁性接近开关，24V，2.5米电缆', 285, 'proximity'],
    [
      'DNC-32-100-PPV-A',
      '163336',
      'DNC 标准气缸（已停产）',
      980,
      'cylinder',
      { correct: '1376424' },
    ],
  ],
  smc: [
    ['CQ2B32-20DZ', 'CQ2B32-20DZ', '薄型气缸，缸径32mm，行程20mm', 420, 'cylinder'],
    [
      'SY5120-5LZD-01',
      'SY5120-5LZD-01',
      '5通电磁阀，单电控，DC24V',
      365,
      'valve',
      { audit: 'IMPORT' },
    ],
    ['AW20-02BG-A', 'AW20-02BG-A', '过滤减压阀，Rc1/4，带压力表', 310, 'regulator'],
    [
      'KQ2H06-01AS',
      'KQ2H06-01AS',
      '快插直通接头，管径6mm，R1/8',
      8.6,
      'fitting',
      { audit: 'NET_WEIGHT_AUDITED' },
    ],
    ['ZSE30AF-01-N-L', 'ZSE30AF-01-N-L', '数字式压力开关，真空/正压两用', 760, 'sensor'],
  ],
  omron: [
    ['E2E-X5ME1 2M', 'E2E-X5ME1 2M', '电感式接近开关，M18，检测距离5mm', 185, 'proximity'],
    ['E3Z-D61 2M', 'E3Z-D61 2M', '漫反射型光电开关，NPN输出', 260, 'photoelectric'],
    [
      'CP1E-N30DR-A',
      'CP1E-N30DR-A',
      'CP1E 小型PLC，18入/12出，继电器输出',
      1650,
      'plc',
      { audit: 'ORDER' },
    ],
    [
      'MY2N-GS DC24',
      'MY2N-GS DC24',
      '小型中间继电器，2组转换触点，DC24V',
      36,
      'relay',
      { ccc: true },
    ],
    ['H3CR-A8 AC100-240/DC100-125', 'H3CR-A8', '多功能时间继电器', 390, 'timer'],
    ['G3NA-210B DC5-24', 'G3NA-210B DC5-24', '固态继电器，10A', 210, 'relay'],
  ],
  pilz: [
    ['PNOZ X2.8P 24VACDC 3n/o 1n/c', '777301', '安全继电器，急停与安全门监控', 1560, 'safetyRelay'],
    ['PNOZ s4 24VDC 3 n/o 1 n/c', '750104', 'PNOZsigma 安全继电器', 1890, 'safetyRelay'],
    ['PSEN cs3.1p 1 actuator', '540050', '非接触式安全开关', 980, 'sensor'],
    [
      'PNOZ X3 24VAC 24VDC 3n/o 1n/c 1so',
      '774310',
      '安全继电器，带半导体输出',
      1420,
      'safetyRelay',
    ],
  ],
  'phoenix-contact': [
    ['UT 2,5', '3044076', '直通式接线端子，2.5mm²，灰色', 4.2, 'terminal'],
    ['PT 2,5', '3209510', '直插式接线端子，2.5mm²', 5.1, 'terminal'],
    [
      'QUINT4-PS/1AC/24DC/10',
      '2904601',
      'QUINT 电源，24V DC/10A',
      2150,
      'powerSupply',
      { ccc: true },
    ],
    ['PLC-RSC- 24DC/21', '2966171', '继电器模块，1组转换触点，24V DC', 98, 'relay'],
    ['TRIO-PS-2G/1AC/24DC/5', '2903148', 'TRIO 电源，24V DC/5A', 860, 'powerSupply'],
  ],
  'bosch-rexroth': [
    ['4WE6D6X/EG24N9K4', 'R900561274', '电磁换向阀，通径6，24V DC', 1320, 'hydraulicValve'],
    ['DBDS10K1X/315', 'R900424163', '直动式溢流阀，通径10，315 bar', 880, 'hydraulicValve'],
    ['ZDR 6 DP2-4X/75YM', 'R900483785', '叠加式减压阀，通径6', 1150, 'hydraulicValve'],
    ['MNR 0822034205', '0822034205', 'ISO 15552 气缸，缸径50mm，行程100mm', 1240, 'cylinder'],
  ],
  rexroth: [
    [
      '4WE6D62/EG24N9K4',
      'R900561272',
      '电磁换向阀（旧型号）',
      1280,
      'hydraulicValve',
      { correct: 'R900561274' },
    ],
  ],
  abb: [
    ['ACS580-01-012A-4', '3AXD50000038965', 'ACS580 通用变频器，5.5kW，380V', 6850, 'inverter'],
    ['S201-C16', '2CDS251001R0164', '微型断路器，1P，C16', 42, 'breaker', { ccc: true }],
    [
      'AF09-30-10-13',
      '1SBL137001R1310',
      'AF 系列接触器，9A，线圈100-250V',
      235,
      'contactor',
      { ccc: true },
    ],
    ['ACS355-03E-05A6-4', '3AUA0000058190', 'ACS355 变频器，2.2kW', 2980, 'inverter'],
  ],
  sick: [
    ['WTB4-3P2161', '1028059', '小型光电开关，背景抑制，PNP', 620, 'photoelectric'],
    ['IME12-04BPSZC0S', '1040763', '电感式接近传感器，M12，PNP', 240, 'proximity'],
    ['DT35-B15251', '1057652', '距离传感器，测量范围0.05-12m', 4380, 'sensor'],
    ['CLV620-0000', '1041399', '条码扫描器，中距离', 9800, 'barcode'],
  ],
  balluff: [
    ['BES M12MI-PSC40B-S04G', 'BES02YF', '电感式传感器，M12，PNP常开', 280, 'proximity'],
    ['BTL7-E170-M0100-B-S32', 'BTL0FP5', '磁致伸缩位移传感器，行程100mm', 3650, 'sensor'],
    ['BOS 18M-PA-1QA-S4-C', 'BOS00N2', '漫反射光电传感器，M18', 420, 'photoelectric'],
  ],
  igus: [
    ['E2.26.050.038.0', 'E2.26.050.038.0', 'E2 拖链，内宽50mm，弯曲半径38mm（每米）', 168, 'chain'],
    ['CF5.10.07', 'CF5.10.07', 'chainflex 控制电缆，7芯×1.0mm²（每米）', 38, 'cable'],
    ['GFM-1012-06', 'GFM-1012-06', 'iglidur G 法兰轴承，内径10mm', 3.8, 'bearing'],
    ['WS-10-40', 'WS-10-40', 'drylin 直线导轨，宽40mm（每米）', 265, 'bearing'],
  ],
  'mitsubishi-electric': [
    ['FX5U-32MR/ES', 'FX5U-32MR/ES', 'iQ-F 系列PLC，16入/16出，继电器输出', 3980, 'plc'],
    ['FR-E840-0.75K-1', 'FR-E840-0.75K-1', 'E800 变频器，0.75kW，380V', 2260, 'inverter'],
    ['HG-KN43J-S100', 'HG-KN43J-S100', '伺服电机，400W', 2150, 'servoMotor'],
    ['MR-JE-40A', 'MR-JE-40A', '伺服放大器，400W', 1980, 'servoDrive'],
    ['GT2107-WTBD', 'GT2107-WTBD', 'GOT2000 触摸屏，7英寸', 2890, 'hmi'],
  ],
  keyence: [
    ['LR-ZB250CN', 'LR-ZB250CN', '自含式激光传感器，检测距离250mm', 1850, 'photoelectric'],
    ['FS-N11N', 'FS-N11N', '数字光纤放大器，NPN', 980, 'sensor'],
    ['IV-500CA', 'IV-500CA', '图像识别传感器，彩色', 12800, 'sensor'],
    ['GT2-H12K', 'GT2-H12K', '高精度接触式位移传感器', 5600, 'sensor'],
    ['SR-1000', 'SR-1000', '自动对焦读码器', 9800, 'barcode', { audit: 'TO_BE_AUDITED' }],
  ],
};

/** Brands buyers type freely (not in the catalogue) with the lines they type. */
export const FREE_TYPED_BRANDS: ReadonlyArray<{
  name: string;
  lines: ReadonlyArray<
    readonly [model: string, articleNo: string, description: string, price: number]
  >;
}> = [
  {
    name: 'Turck 图尔克',
    lines: [
      ['BI5-M18-AP6X', '4635230', '电感式接近开关，M18', 320],
      ['RKC4.4T-2/TEL', '6625013', '传感器连接电缆，2米', 95],
    ],
  },
  {
    name: 'Wago 万可',
    lines: [
      ['2002-1201', '2002-1201', '直通式接线端子，2.5mm²', 3.5],
      ['787-1606', '787-1606', 'Eco 开关电源，24V/5A', 720],
    ],
  },
];

const PRICE_BY_ARTICLE = new Map(
  Object.values(PRODUCTS).flatMap((list) => list.map((p) => [p[1], p[3]] as const)),
);

/** The list price of a catalogue product; a stable made-up one for order numbers we do not list. */
export function listPrice(articleNo: string): number {
  const known = PRICE_BY_ARTICLE.get(articleNo);
  if (known !== undefined) return known;
  let hash = 7;
  for (let i = 0; i < articleNo.length; i++) hash = (hash * 31 + articleNo.charCodeAt(i)) >>> 0;
  return 20 + (hash % 4_980);
}
