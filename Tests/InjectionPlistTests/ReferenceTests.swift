import InjectionCore
import InjectionPlist
import Testing

@Suite struct ReferenceTests {
  @Test func aServiceRefersToAnotherServiceOfTheFile() throws {
    let file = try servicesFile(
      """
      <key>GarageService</key><dict><key>name</key><string>Main</string>\
      <key>engine</key><dict><key>@service</key><string>Engine</string></dict></dict>
      <key>EngineService</key><dict><key>@type</key><string>V8Engine</string>\
      <key>horsepower</key><integer>450</integer></dict>
      """)
    let injector = Injector(label: "references")
    try injector.addModule(ServicesModule(file: file, registry: makeRegistry()))

    let garage = try injector.resolve(Garage.self)

    #expect(garage.engine.model == "v8")
    #expect(garage.engine.horsepower == 450)
    #expect(garage.$engine.serviceName == "Engine")
  }

  @Test func aReferenceToAnUnknownServiceIsAnErrorWhenTheModuleIsMade() throws {
    let file = try servicesFile(
      """
      <key>GarageService</key><dict><key>name</key><string>Main</string>\
      <key>engine</key><dict><key>@service</key><string>Motor</string></dict></dict>
      """)

    #expect {
      try ServicesModule(file: file, registry: makeRegistry())
    } throws: { error in
      (error as? PlistError)?.problems.map(\.description) == [
        "Test.plist: GarageService.engine: a reference to the unknown service \"Motor\"; referable: Garage"
      ]
    }
  }

  @Test func aReferenceCycleNamesTheKeyPathOfEachReference() throws {
    let file = try servicesFile(
      """
      <key>AlphaService</key><dict>\
      <key>partner</key><dict><key>@service</key><string>Beta</string></dict></dict>
      <key>BetaService</key><dict>\
      <key>partner</key><dict><key>@service</key><string>Alpha</string></dict></dict>
      """)

    #expect(
      moduleProblems(file).map(\.description) == [
        "Test.plist: AlphaService.partner: a reference cycle: AlphaService.partner -> BetaService.partner -> AlphaService"
      ])
  }

  @Test func aReferenceCycleIsAnError() throws {
    let file = try servicesFile(
      """
      <key>GarageService</key><dict><key>name</key><string>Main</string>\
      <key>engine</key><dict><key>@service</key><string>Keeper</string></dict></dict>
      <key>KeeperService</key><dict>\
      <key>garage</key><dict><key>@service</key><string>Garage</string></dict></dict>
      """)

    #expect {
      try ServicesModule(file: file, registry: makeRegistry())
    } throws: { error in
      (error as? PlistError)?.problems.map(\.description).contains(
        "Test.plist: GarageService.engine: a reference cycle: GarageService.engine -> KeeperService.garage -> GarageService"
      ) == true
    }
  }
}
