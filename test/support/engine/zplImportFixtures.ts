// Test support: ZPL labels in the style carriers send and formats design tools export, written for the import tests.

/** A next-day parcel label: frame, reversed service bar, ^FB addresses, a rotated routing code, Code 128 and a MaxiCode. */
export const EXPRESS_PARCEL = [
  '^XA^CI28^PW812^LL1218^LH0,0',
  '^FO15,15^GB782,1188,4^FS',
  '^FO15,15^GB782,110,110^FS',
  '^FO40,40^A0N,70,56^FR^FDNEXT DAY AIR^FS',
  '^FO640,30^A0N,80,80^FR^FD1^FS',
  '^FO40,150^A0N,26,22^FDSHIP FROM:^FS',
  '^FO40,182^A0N,28,24^FB420,4,4,L^FH^FDNorthwind Parts_C2_AE\\&44 Quarry Lane\\&Leeds LS1 4AB\\&UNITED KINGDOM^FS',
  '^FO500,150^A0N,24,20^FB280,3,0,R^FDWT 2.4 KG\\&DIM 30x20x15\\&1 OF 1^FS',
  '^FO15,330^GB782,0,3^FS',
  '^FO40,350^A0N,30,26^FDSHIP TO:^FS',
  '^FO60,390^A0N,44,38^FB700,4,6,L^FDMarta Kowalczyk\\&Unit 9, Riverside Business Park\\&Dock Road\\&BRISTOL BS1 6XY^FS',
  '^FO15,620^GB782,0,3^FS',
  '^FO40,650^BD2^FH^FD002840100450000[)>_1E01_1D961Z00004951_1DUPSN_1D06X610_1D159_1D1234567_1D1/1_1D_1DY_1D_1D_1DGB_1E_04^FS',
  '^FO380,650^A0N,90,70^FDGB 150 9-20^FS',
  '^FO740,640^A0R,40,34^FDROUTE 7B^FS',
  '^FO15,860^GB782,0,3^FS',
  '^FO40,880^A0N,28,24^FDTRACKING #: 1Z 6X6 10X 03 1234 5678^FS',
  '^BY2,3,150^FO140,930^BCN,150,N,N,N^FD1Z6X610X0312345678^FS',
  '^FO40,1100^GB200,60,3,B,4^FS^FO60,1115^A0N,34,30^FDBILLING P/P^FS',
  '^XZ',
].join('\n');

/** A freight label: PDF417, a barcode turned a quarter (digits in subset C, as carriers write them), a hex ^GF logo, a circle, an ellipse and a diagonal. */
export const FREIGHT = [
  '^XA^PW812^LL1218',
  '^FO30,30^GFA,128,128,4,' +
    'FFFFFFFF'.repeat(4) +
    'F000000F'.repeat(8) +
    'F0FFFF0F'.repeat(8) +
    'F000000F'.repeat(8) +
    'FFFFFFFF'.repeat(4) +
    '^FS',
  '^FO80,40^A0N,40,36^FDHARBOUR FREIGHT^FS',
  '^FO560,30^GC100,8,B^FS^FO585,55^A0N,50,44^FDP1^FS',
  '^FO30,120^GB752,0,4^FS',
  '^FO40,140^A0N,30,28^FB740,3,0,C^FDCONSIGNEE\\&Lindqvist Timber AB, Sagvagen 12\\&SE-412 63 Goteborg^FS',
  '^FO40,260^GE300,120,4^FS^FO80,300^A0N,40,36^FDPALLET 3^FS',
  '^FO400,260^GD320,120,6,B,R^FS',
  '^BY2^FO60,420^B7N,6,3,,,N^FDPRO 4471-2208-19 ORIGIN GOT DEST ARN PCS 3 WT 412KG^FS',
  '^BY3,2.5,120^FO660,420^BCR,120,Y,N,N^FD>;4471220819^FS',
  '^FO40,720^A0N,140,110^FD4471 2208 19^FS',
  '^FO40,900^A0N,34,30^FDSCAC HRBF   SERVICE LTL^FS',
  '^XZ',
].join('\n');

/** A postal label: a GS1-128 routing code (>; and FNC1), a QR code, ^FH escapes in a bitmap font, a rounded box and ^LH. */
export const POSTAL = [
  '^XA^LH10,10^PW812^LL1218',
  '^FO20,20^GB760,140,3,B,2^FS',
  '^FO40,40^ADN,36,20^FDPRIORITY MAIL^FS',
  '^FO40,95^AEN,28,15^FH^FDPOSTAGE _26 FEES PAID^FS',
  '^FO600,30^BQN,2,5^FDQA,https://example.invalid/t/9405511899223197428490^FS',
  '^FO20,200^A0N,34,30^FB740,5,4,L^FDDELIVER TO\\&Priya Raman\\&88 Elm Street Apt 4\\&Springfield IL 62704-1120^FS',
  '^FO20,440^GB760,8,8^FS',
  '^FO200,470^A0N,30,26^FDUSPS TRACKING # EP^FS',
  '^BY2,3,160^FO110,520^BCN,160,N,N,N^FD>;>8420627041120>8929405511899223197428490^FS',
  '^FO130,700^A0N,32,28^FD9405 5118 9922 3197 4284 90^FS',
  '^FO20,760^GB760,8,8^FS',
  '^XZ',
].join('\n');

/**
 * A stored format with ^FN fields and a label that recalls it twice over (the usual output of design tools): the
 * recalling label's data fills fields 1–4, field 5 keeps its default.
 */
export const STORED_FORMAT = [
  '^XA^DFR:CRATE.ZPL^FS',
  '^FO30,30^GB752,300,4^FS',
  '^FO50,50^A0N,50,44^FN1^FDPRODUCT^FS',
  '^FO50,120^A0N,30,26^FB700,2,0,L^FN2^FDdescription^FS',
  '^BY2,3,100^FO50,200^BCN,100,Y,N,N^FN3^FD>;000000^FS',
  '^FO500,200^BQN,2,4^FN4^FDMA,0^FS',
  '^FO50,350^A0N,28,24^FN5^FDPacked in Leeds^FS',
  '^XZ',
  '^XA^XFR:CRATE.ZPL^FS',
  '^FN1^FDWIDGET 40^FS',
  '^FN2^FDStainless widgets, forty to the crate, keep dry^FS',
  '^FN3^FD>;401234567890^FS',
  '^FN4^FDMA,WID-40-0001^FS',
  '^XZ',
].join('\n');

/** A format only: no label recalls it, and field 2 has no default data. */
export const FORMAT_ONLY = [
  '^XA^DFE:BIN.ZPL^FS',
  '^FO40,40^A0N,60,50^FN1^FDBIN A-01^FS',
  '^FO40,120^A0N,40,34^FN2^FS',
  '^BY3^FO40,200^BCN,120,N^FN1^FDBIN A-01^FS',
  '^XZ',
].join('\n');

/** A rack label read from every side: ^FT origins, fields turned I and B, a turned ^FB block, Data Matrix and a turned EAN-13. */
export const RACK = [
  '^XA^PW812^LL1218^CF0,40',
  '^FO20,20^GB772,1178,6,B,1^FS',
  '^FT60,120^A0N,80,64^FDAISLE 14^FS',
  '^FT750,1150^A0I,50,42^FDBAY C - LEVEL 2^FS',
  '^FT120,1100^A0B,60,50^FDPICK FACE^FS',
  '^FO560,200^A0R,36,30^FB500,3,4,C^FDFAST MOVERS\\&KEEP CLEAR\\&NO STACKING^FS',
  '^FO200,220^BXN,8,200^FDRACK-14-C-2^FS',
  '^BY3^FO220,520^BEB,120,Y,N^FD590123412345^FS',
  '^FO200,1000^GB420,80,80^FS^FO230,1015^A0N,56,48^FR^FDLOC 14C2^FS',
  '^XZ',
].join('\n');
