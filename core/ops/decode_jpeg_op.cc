// decode_jpeg: JPEG bytes (a 1-D uint8 tensor, as read_file gives) to a
// [C, H, W] uint8 image, through the system's libjpeg (libjpeg-turbo).
// PaddlePaddle 3.3.1 decodes on GPUs only (nvjpeg) and raises Unimplemented on
// the CPU; this kernel gives the CPU the same result shape and modes.
#include <csetjmp>
#include <cstdio>
#include <string>
#include <vector>

#include <jpeglib.h>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum DecodeIn { kJpegX };
enum DecodeOut { kJpegOut };
enum DecodeAttr { kMode };

void DecodeJpegInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kJpegX);
  PD_CHECK(x.rank() == 1, InvalidArgument, "[", ctx.op_type(),
           "] input 'X' must be the 1-D bytes of a JPEG file, got shape ", x.ToString());
  PD_CHECK(ctx.InputDtype(kJpegX) == DataType::kUInt8, InvalidArgument, "[", ctx.op_type(),
           "] input 'X' must be uint8, got ", DataTypeName(ctx.InputDtype(kJpegX)));
  const std::string& mode = ctx.Attr<std::string>(kMode);
  ctx.SetOutputDim(kJpegOut, DDim{mode == "gray" ? 1 : mode == "rgb" ? 3 : -1, -1, -1});
  ctx.SetOutputDtype(kJpegOut, DataType::kUInt8);
}

// libjpeg reports errors through error_exit, which must not return: it jumps
// back to the decoder with the message kept, and the kernel throws from there.
struct JpegError {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

void OnJpegError(j_common_ptr cinfo) {
  auto* err = reinterpret_cast<JpegError*>(cinfo->err);
  (*cinfo->err->format_message)(cinfo, err->message);
  std::longjmp(err->jump, 1);
}

// Decodes into *pixels (height * width * channels, interleaved); returns false with
// err->message set on a libjpeg error. Only trivially destructible locals live between
// setjmp and a longjmp.
bool DecodeInterleaved(const uint8_t* data, size_t size, J_COLOR_SPACE want,
                       std::vector<uint8_t>* pixels, int* height, int* width, int* channels,
                       JpegError* err) {
  jpeg_decompress_struct cinfo;
  cinfo.err = jpeg_std_error(&err->mgr);
  err->mgr.error_exit = OnJpegError;
  if (setjmp(err->jump)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, const_cast<unsigned char*>(data), static_cast<unsigned long>(size));
  jpeg_read_header(&cinfo, TRUE);
  if (want == JCS_UNKNOWN) {  // "unchanged": gray stays gray, color becomes RGB
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
      std::snprintf(err->message, sizeof(err->message), "CMYK JPEGs are not supported");
      jpeg_destroy_decompress(&cinfo);
      return false;
    }
    want = cinfo.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  }
  cinfo.out_color_space = want;
  jpeg_start_decompress(&cinfo);
  *height = static_cast<int>(cinfo.output_height);
  *width = static_cast<int>(cinfo.output_width);
  *channels = cinfo.output_components;
  pixels->resize(static_cast<size_t>(*height) * *width * *channels);
  const size_t row = static_cast<size_t>(*width) * *channels;
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW line = pixels->data() + cinfo.output_scanline * row;
    jpeg_read_scanlines(&cinfo, &line, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return true;
}

void DecodeJpegKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kJpegX);
  const std::string& mode = ctx.Attr<std::string>(kMode);
  const J_COLOR_SPACE want = mode == "gray" ? JCS_GRAYSCALE : mode == "rgb" ? JCS_RGB
                                                                            : JCS_UNKNOWN;
  PD_CHECK(x.numel() > 0, InvalidArgument, "[", ctx.op_type(), "] input 'X' holds no bytes");
  std::vector<uint8_t> pixels;
  int height = 0, width = 0, channels = 0;
  JpegError err;
  err.message[0] = '\0';
  const bool ok = DecodeInterleaved(x.data<uint8_t>(), static_cast<size_t>(x.numel()), want,
                                    &pixels, &height, &width, &channels, &err);
  PD_CHECK(ok, InvalidArgument, "[", ctx.op_type(), "] cannot decode X (", x.numel(),
           " bytes) as a JPEG: ", err.message);
  DenseTensor* out = ctx.Output(kJpegOut);
  out->Resize(DDim{channels, height, width});
  uint8_t* o = out->MutableData<uint8_t>(ctx.place());
  const int64_t plane = static_cast<int64_t>(height) * width;
  for (int64_t p = 0; p < plane; ++p)
    for (int c = 0; c < channels; ++c) o[c * plane + p] = pixels[p * channels + c];
}

PD_REGISTER_OP(decode_jpeg)
    .Doc("Decodes the bytes of a JPEG file into a [C, H, W] uint8 image: mode unchanged keeps "
         "a grayscale image's one channel and gives color images as RGB, gray gives one "
         "channel, rgb three.",
         "将 JPEG 文件的字节解码为 [C, H, W] 的 uint8 图像：mode 为 unchanged 时灰度图保持"
         "一个通道、彩色图为 RGB，为 gray 时给出一个通道，为 rgb 时给出三个通道。")
    .Input(kJpegX, "X", "The JPEG file's bytes, 1-D uint8.", "JPEG 文件的字节，一维 uint8。")
    .Output(kJpegOut, "Out", "The image [C, H, W], uint8.", "图像 [C, H, W]，uint8。")
    .Attr(kMode, "mode", "unchanged", "unchanged, gray or rgb.", "unchanged、gray 或 rgb。")
    .OneOf({"unchanged", "gray", "rgb"})
    .InferShape(DecodeJpegInferShape)
    .CpuKernelForAllTypes(DecodeJpegKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
