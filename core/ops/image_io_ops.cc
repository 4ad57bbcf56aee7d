// read_file: a file's bytes as a 1-D uint8 tensor (paddle.vision.ops.read_file),
// on the CPU as in PaddlePaddle.
#include <sys/stat.h>

#include <cstdio>
#include <memory>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum ReadFileOut { kReadOut };
enum ReadFileAttr { kFilename };

void ReadFileInferShape(InferShapeContext& ctx) {
  PD_CHECK(!ctx.Attr<std::string>(kFilename).empty(), InvalidArgument, "[", ctx.op_type(),
           "] attribute 'filename' is empty");
  ctx.SetOutputDim(kReadOut, DDim{-1});  // the file's size is known when it is read
  ctx.SetOutputDtype(kReadOut, DataType::kUInt8);
}

void ReadFileKernel(KernelContext& ctx) {
  const std::string& name = ctx.Attr<std::string>(kFilename);
  struct stat st;
  PD_CHECK(::stat(name.c_str(), &st) == 0, NotFound, "[", ctx.op_type(), "] cannot open file '",
           name, "'");
  PD_CHECK(S_ISREG(st.st_mode), InvalidArgument, "[", ctx.op_type(), "] '", name,
           "' is not a regular file");
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(name.c_str(), "rb"), &std::fclose);
  PD_CHECK(f != nullptr, NotFound, "[", ctx.op_type(), "] cannot open file '", name, "'");
  const int64_t size = st.st_size;
  DenseTensor* out = ctx.Output(kReadOut);
  out->Resize(DDim{static_cast<int64_t>(size)});
  uint8_t* data = out->MutableData<uint8_t>(ctx.place());
  PD_CHECK(std::fread(data, 1, static_cast<size_t>(size), f.get()) == static_cast<size_t>(size),
           InvalidArgument, "[", ctx.op_type(), "] reading '", name, "' stopped short of its ",
           size, " bytes");
}

PD_REGISTER_OP(read_file)
    .Doc("Reads a file's bytes into a 1-D uint8 tensor.",
         "将文件的字节读入一维 uint8 张量。")
    .Output(kReadOut, "Out", "The file's bytes, uint8, 1-D.", "文件的字节，uint8，一维。")
    .Attr(kFilename, "filename", "", "The path of the file to read.", "要读取的文件路径。")
    .InferShape(ReadFileInferShape)
    .CpuKernelForAllTypes(ReadFileKernel);

}  // namespace
}  // namespace ops
}  // namespace paddle
