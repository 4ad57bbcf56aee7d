# paddle_install_sdk(): lays out an inference SDK as PaddlePaddle's install
# dirs are, in an install component of its own (installed on request only:
# scripts/install_inference.sh, scripts/install_capi.sh):
#   <prefix>/<DIR>/version.txt
#   <prefix>/<DIR>/paddle/include/<HEADER>
#   <prefix>/<DIR>/paddle/lib/lib<NAME>.so (+ LIBS, found through $ORIGIN)
#   <prefix>/<DIR>/paddle/lib/cmake/<NAME>/<NAME>Config.cmake (+ ConfigVersion)
# so a user project does find_package(<NAME>) and links <NAME>::<NAME>.
include(CMakePackageConfigHelpers)
set(PADDLE_SDK_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

function(paddle_install_sdk)
  cmake_parse_arguments(SDK "" "NAME;DIR;HEADER;COMPILE_FEATURE" "LIBS" ${ARGN})
  set(dir ${SDK_DIR}/paddle)
  set(component ${SDK_NAME})
  install(FILES ${SDK_HEADER} DESTINATION ${dir}/include COMPONENT ${component} EXCLUDE_FROM_ALL)
  install(TARGETS ${SDK_NAME} ${SDK_LIBS} LIBRARY DESTINATION ${dir}/lib
          COMPONENT ${component} EXCLUDE_FROM_ALL)

  get_filename_component(SDK_HEADER ${SDK_HEADER} NAME)
  set(gen ${CMAKE_BINARY_DIR}/sdk/${SDK_NAME})
  configure_file(${PADDLE_SDK_CMAKE_DIR}/sdk_config.cmake.in ${gen}/${SDK_NAME}Config.cmake @ONLY)
  # 0.x: a minor release may change the API, so only the same minor matches.
  write_basic_package_version_file(${gen}/${SDK_NAME}ConfigVersion.cmake
    VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
  install(FILES ${gen}/${SDK_NAME}Config.cmake ${gen}/${SDK_NAME}ConfigVersion.cmake
          DESTINATION ${dir}/lib/cmake/${SDK_NAME} COMPONENT ${component} EXCLUDE_FROM_ALL)

  install(CODE "
    set(VERSION_FILE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${SDK_DIR}/version.txt\")
    set(PADDLE_VERSION \"${PROJECT_VERSION}\")
    set(SOURCE_DIR \"${PROJECT_SOURCE_DIR}\")
    set(CXX_COMPILER_VERSION \"${CMAKE_CXX_COMPILER_VERSION}\")
    include(\"${PADDLE_SDK_CMAKE_DIR}/sdk_version_txt.cmake\")"
    COMPONENT ${component} EXCLUDE_FROM_ALL)
endfunction()
